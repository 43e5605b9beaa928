"""A Python team's stack built with the library's Python package (jsii): every public shape a
consumer meets works from Python, the Python examples of README.md and docs/languages.md run as
written, refusals and lessons-check errors reach Python as exceptions carrying the library's
message (settings named as Python writes them), and no docstring holds a raw `{@link}`."""
import importlib
import inspect
import pkgutil
import json
import re
import sys
import shutil
import subprocess
import tempfile
from pathlib import Path

from cdktf import App, Testing
from cdktf_cdktf_provider_azurerm.redis_cache import RedisCache
from cdktf_cdktf_provider_azurerm.resource_group import ResourceGroup
from cdktf_cdktf_provider_azurerm.user_assigned_identity import UserAssignedIdentity
import jsii
import realtime_platform_azure_constructs as library
from realtime_platform_azure_constructs import (
    ApiGateway,
    AzureStack,
    ContainerAppSecret,
    ContainerAppsEnvironment,
    ContainerService,
    Grant,
    ILessonRule,
    KeyVault,
    KeyVaultSecretReference,
    KeyVaultSecretSlot,
    LogAnalytics,
    ManagedIdentity,
    ManagedRedis,
    PackRule,
    PlatformLessonsPack,
    PlatformTesting,
    PublicNetworkAccess,
    RedisClusteringPolicy,
    RuleFinding,
    RuleLevel,
    RuleOutcome,
    RulePack,
    StorageAccount,
    StorageQueue,
    StorageTable,
)

ROOT = Path(__file__).resolve().parents[2]
failures = []


def check(name, condition, detail=""):
    print(("ok   " if condition else "FAIL ") + name + (f": {detail}" if detail and not condition else ""))
    if not condition:
        failures.append(name)


def resources(tf, kind):
    return list(tf.get("resource", {}).get(kind, {}).values())


# 1. A stack synthesizes, with the library's defaults in the output.
app = Testing.app()
stack = AzureStack(app, stack_name="orders", environment_name="dev")
LogAnalytics(stack, "logs", name="log-orders-dev", resource_group_name="rg-orders-dev", location="westeurope")
# Public endpoint off (the production default): a private endpoint of another team's reaches it, or cdktf synth refuses it.
redis = ManagedRedis(stack, "redis", name="redis-orders-dev", resource_group_name="rg-orders-dev", location="westeurope",
                     clustering_policy=RedisClusteringPolicy.OSS_CLUSTER, private_endpoint_managed_elsewhere=True)
tf = json.loads(PlatformTesting.synth(stack))
workspace = resources(tf, "azurerm_log_analytics_workspace")[0]
check("synthesizes the workspace with local auth off (SEC-1)", workspace.get("local_authentication_enabled") is False, str(workspace))
cache = resources(tf, "azurerm_managed_redis")[0]
check("synthesizes Managed Redis with access keys off (SEC-1)",
      cache["default_database"]["access_keys_authentication_enabled"] is False, str(cache["default_database"]))

# 2. A refusal at construction reaches Python as an exception with the library's message.
try:
    LogAnalytics(stack, "bad", name="x", resource_group_name="rg", location="westeurope")
    check("refuses a workspace name Azure rejects", False, "no exception")
except Exception as error:  # jsii raises the JavaScript error as a Python exception
    message = str(error)
    check("refuses a workspace name Azure rejects, in the library's format",
          "[AZURE] orders-dev/bad: name = \"x\": Azure rejects this Log Analytics workspace name" in message, message)

# 3. The setting a refusal names is the Python keyword argument (jsii's runtime tells the library
#    it runs for Python: JSII_AGENT=Python/<version> in the Node process).
try:
    StorageAccount(stack, "bad-storage", name="stbadorders", resource_group_name="rg", location="westeurope",
                   soft_delete_retention_days=0)
    check("refuses soft_delete_retention_days = 0", False, "no exception")
except Exception as error:
    message = str(error)
    check("names the setting as Python writes it (soft_delete_retention_days, not softDeleteRetentionDays)",
          "[AZURE] orders-dev/bad-storage: soft_delete_retention_days = 0: Azure keeps deleted blobs and containers" in message, message)

# 4. A lessons-check error on a raw provider resource fails PlatformTesting.synth.
app2 = Testing.app()
other = AzureStack(app2, stack_name="legacy", environment_name="dev")
RedisCache(other, "cache", name="redis-legacy", location="westeurope", resource_group_name="rg", capacity=1, family="C", sku_name="Standard")
try:
    PlatformTesting.synth(other)
    check("fails a raw azurerm_redis_cache (LIM-1)", False, "no exception")
except Exception as error:
    message = str(error)
    check("fails a raw azurerm_redis_cache with the rule id (LIM-1)",
          "[LIM-1.NoAzureCacheForRedis] legacy-dev/cache: resource type = \"azurerm_redis_cache redis-legacy\"" in message, message)

# 4b. Another team's rule written in Python (a class implementing ILessonRule) runs in the lessons
#     check beside the platform's, and joins the platform pack with PlatformLessonsPack.create(rules=...).
@jsii.implements(ILessonRule)
class NoRetiredGroupRule:
    @property
    def id(self):
        return "TEAM-1.NoRetiredGroup"

    @property
    def lesson(self):
        return "TEAM-1"

    @property
    def description(self):
        return "A resource group the team has retired."

    @property
    def resource_types(self):
        return ["azurerm_resource_group"]

    def evaluate(self, resource, context):
        if resource.attributes.get("name") != "rg-retired":
            return RuleOutcome.compliant()
        return RuleOutcome.non_compliant(RuleFinding(setting="name", given="rg-retired", problem="the team retired this group.", fix="use rg-orders."))


team_rule = PackRule(rule=NoRetiredGroupRule(), level=RuleLevel.ERROR)
team_pack = PlatformLessonsPack.create(rules=[team_rule])
check("PlatformLessonsPack.create(rules=[...]) adds a Python rule after the platform's",
      team_pack.rules[-1].rule.id == "TEAM-1.NoRetiredGroup" and len(team_pack.rules) == len(PlatformLessonsPack.create().rules) + 1,
      str([r.rule.id for r in team_pack.rules[-2:]]))
app_team = Testing.app()
team = AzureStack(app_team, stack_name="team", environment_name="dev", lesson_packs=[RulePack("team", [team_rule])])
ResourceGroup(team, "kept", name="rg-orders", location="westeurope")
ResourceGroup(team, "retired", name="rg-retired", location="westeurope")
try:
    PlatformTesting.synth(team)
    check("a Python rule's finding fails the synth", False, "no exception")
except Exception as error:
    message = str(error)
    check("a Python rule's finding fails the synth in the one message format",
          '[TEAM-1.NoRetiredGroup] team-dev/retired: name = "rg-retired": the team retired this group. Fix: use rg-orders.' in message
          and "team-dev/kept" not in message, message)

# 5. Every shape another team uses: methods that return constructs, fromExisting, grants, secret
#    slots, the lessons report. Before issue 29 the wheel handed back bare Constructs here.
app3 = Testing.app()
shapes = AzureStack(app3, stack_name="shapes", environment_name="dev", production=False)
worker = UserAssignedIdentity(shapes, "worker", name="id-shapes-worker-dev", resource_group_name="rg-shapes-dev", location="westeurope")
identity = ManagedIdentity.from_user_assigned(worker)
storage = StorageAccount(shapes, "storage", name="stshapesdev", resource_group_name="rg-shapes-dev", location="westeurope",
                         public_network_access=PublicNetworkAccess.ENABLED)
queue = storage.add_queue("jobs", poison_queue=True)
check("StorageAccount.add_queue returns a StorageQueue", isinstance(queue, StorageQueue), type(queue).__name__)
send = queue.grant_send(identity)
check("StorageQueue.grant_send returns a Grant", isinstance(send, Grant), type(send).__name__)
check("StorageQueue.grant_process returns a Grant", isinstance(queue.grant_process(identity), Grant))
check("StorageQueue.poison_queue is a StorageQueue", isinstance(queue.poison_queue, StorageQueue), type(queue.poison_queue).__name__)
table = storage.add_table("state")
check("StorageAccount.add_table returns a StorageTable", isinstance(table, StorageTable), type(table).__name__)
check("StorageTable.grant_read_write returns a Grant", isinstance(table.grant_read_write(identity), Grant))

vault = KeyVault(shapes, "vault", name="kv-shapes-dev", resource_group_name="rg-shapes-dev", location="westeurope",
                 tenant_id="72f988bf-86f1-41af-91ab-2d7cd011db47", public_network_access=PublicNetworkAccess.ENABLED)
slot = vault.add_secret_slot("psp-api-key")
check("KeyVault.add_secret_slot returns a KeyVaultSecretSlot", isinstance(slot, KeyVaultSecretSlot), type(slot).__name__)
environment = ContainerAppsEnvironment.from_existing(
    shapes, "container-apps",
    environment_id="/subscriptions/00000000-0000-0000-0000-000000000001/resourceGroups/rg-platform-dev/providers/Microsoft.App/managedEnvironments/cae-platform-dev",
    resource_group_name="rg-platform-dev", location="westeurope")
ContainerService(shapes, "payments", name="ca-shapes-dev", environment=environment,
                 image="mcr.microsoft.com/dotnet/samples:aspnetapp",
                 secrets=[ContainerAppSecret(name="psp-api-key", secret=KeyVaultSecretReference.from_slot(slot))],
                 secret_environment_variables={"PSP_API_KEY": "psp-api-key"})
gateway = ApiGateway.from_existing(shapes, "gateway", service_name="apim-platform-dev",
                                   resource_group_name="rg-platform-dev", sku_name="StandardV2_1")
check("KeyVault.grant_secrets_read to an existing gateway's identity returns a Grant",
      isinstance(vault.grant_secrets_read(gateway.identity, "gateway"), Grant))
platform_redis = ManagedRedis.from_existing(shapes, "platform-redis", name="redis-platform-dev", resource_group_name="rg-platform-dev")
platform_redis.grant_data_access(identity)

shapes_tf = json.loads(PlatformTesting.synth(shapes))
roles = sorted(r["role_definition_name"] for r in resources(shapes_tf, "azurerm_role_assignment"))
check("the grants synthesize as role assignments (queue send and process, table, vault, the app's secret)",
      {"Storage Queue Data Message Sender", "Storage Queue Data Message Processor", "Storage Table Data Contributor",
       "Key Vault Secrets User"} <= set(roles), str(roles))
apps = resources(shapes_tf, "azurerm_container_app")
check("KeyVaultSecretReference.from_slot(...) gives the app a Key Vault secret",
      len(apps) == 1 and apps[0].get("secret", [{}])[0].get("key_vault_secret_id", "").endswith("/secrets/psp-api-key"), str(apps[0].get("secret") if apps else apps))
assignments = [r for r in resources(shapes_tf, "azapi_resource") if "/accessPolicyAssignments@" in r.get("type", "")]
check("ManagedRedis.from_existing(...).grant_data_access(...) assigns an access policy to the identity",
      len(assignments) == 1 and assignments[0]["body"]["properties"]["user"]["objectId"].endswith(".principal_id}"),
      str([r.get("type") for r in resources(shapes_tf, "azapi_resource")]))
report = PlatformTesting.report(shapes)
check("PlatformTesting.report gives the lessons report with its summary",
      report is not None and report.stack == "shapes-dev" and report.summary.errors == 0 and len(report.results) > 0,
      f"{report and report.stack}, {report and report.summary}")

# 6. The Python examples of README.md and docs/languages.md, as written there.
examples = []
for doc in ["README.md", "docs/languages.md"]:
    for i, block in enumerate(re.findall(r"^```python\n(.*?)^```", (ROOT / doc).read_text(), re.S | re.M)):
        examples.append((f"{doc} Python example {i + 1}", block))
check("the docs hold Python examples to run", len(examples) >= 2, str([name for name, _ in examples]))
for name, code in examples:
    # Each in its own Python process and folder, as a team runs its main.py (cdktf.out lands there).
    workdir = tempfile.mkdtemp(prefix="rtp-python-example-")
    Path(workdir, "main.py").write_text(code)
    run = subprocess.run([sys.executable, "main.py"], cwd=workdir, capture_output=True, text=True)
    stacks = sorted(p.name for p in Path(workdir, "cdktf.out", "stacks").glob("*") if (p / "cdk.tf.json").exists())
    check(f"{name} runs as written and synthesizes {', '.join(stacks) or 'no stack'}", run.returncode == 0 and len(stacks) > 0,
          f"exit {run.returncode}: {run.stderr.strip()[-1500:]}")
    shutil.rmtree(workdir, ignore_errors=True)

# 7. Docstrings read from Python: no raw JSDoc `{@link ...}` (jsii passes doc comments through).
raw_links = []
modules = [library] + [importlib.import_module(m.name) for m in pkgutil.walk_packages(library.__path__, "realtime_platform_azure_constructs.")
                       if "._jsii" not in m.name and not m.name.endswith("._jsii")]
for module in modules:
    for class_name, cls in inspect.getmembers(module, inspect.isclass):
        if cls.__module__ != module.__name__:
            continue
        for member_name, member in [(None, cls)] + list(vars(cls).items()):
            doc = inspect.getdoc(member.fget if isinstance(member, property) else member) or ""
            if "{@link" in doc:
                raw_links.append(f"{cls.__module__}.{class_name}{'.' + member_name if member_name else ''}")
check(f"no docstring of {len(modules)} modules holds a raw {{@link}}", not raw_links, f"{len(raw_links)}: {raw_links[:8]}")

print(f"{len(failures)} failed")
sys.exit(1 if failures else 0)
