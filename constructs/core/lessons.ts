/**
 * Stable IDs of the platform lessons (see LESSONS.md in the project's shared data).
 * Every refusal and warning the library emits names one of these, so an issue, a test
 * and a failing synth all point at the same lesson.
 */
export type LessonId =
  | 'EDGE-1' | 'EDGE-2' | 'EDGE-3' | 'EDGE-4' | 'EDGE-5' | 'EDGE-6'
  | 'ING-1' | 'ING-2' | 'ING-3' | 'ING-4'
  | 'SCALE-1' | 'SCALE-2' | 'SCALE-3'
  | 'GW-1' | 'GW-2' | 'GW-3' | 'GW-4' | 'GW-5' | 'GW-6' | 'GW-7' | 'GW-8' | 'GW-9' | 'GW-10'
  | 'LIM-1' | 'LIM-2' | 'LIM-3' | 'LIM-4' | 'LIM-5'
  | 'SEC-1' | 'SEC-2' | 'SEC-3'
  | 'HOOK-1' | 'HOOK-2' | 'HOOK-3'
  | 'PAY-1' | 'PAY-2' | 'PAY-3'
  /** Not a platform lesson: a rule Azure itself enforces (names, SKUs, ranges). */
  | 'AZURE'
  /** Not a platform lesson: this library's release rule (production runs pinned, real images). */
  | 'RELEASE'
  /** Not a platform lesson: this library's access rule (gateway APIs accept only their Front Door unless told). */
  | 'ACCESS'
  /** Not a platform lesson: the environment definitions' own rules (known fields, shapes, values). */
  | 'ENV';

/**
 * Azure's practical ceiling for one HTTP connection, in seconds (EDGE-1): the load balancer
 * idles connections out at 240 s and Front Door's origin response timeout stops there.
 */
export const CONNECTION_CEILING_SECONDS = 240;
