import { App } from 'cdktf';
import { buildApp } from './app';
import { loadEnvironments } from './environments';

const app = new App();
buildApp(app, loadEnvironments());
app.synth();
