import { setFlagsFromString } from 'node:v8';

/**
 * V8's allocation-site pretenuring off, before anything is served (decision 194). When a burst of
 * requests is in flight at a scavenge (the first requests after start, a slow moment), V8 decides
 * that the objects of Node's request path live long and allocates them in old space from then on.
 * They die young all the same; while they wait for a full collection, their pointers to young
 * objects keep those alive through every scavenge (nepotism). Measured on the filter count at 50
 * connections: in 3 of 4 processes every scavenge then copied ~6 MB (5–10 ms pauses, a full
 * collection every ~2 s) and the shop answered 72–82k requests in 9 s at p99 17–18 ms; with the
 * flag 5 of 5 stayed at ~0.5 ms scavenges, 122–131k requests, p99 8–11 ms.
 */
setFlagsFromString('--no-allocation-site-pretenuring');

/**
 * Scavenges on the main thread alone (decision 278): the young generation is 4 MB (`npm start`'s
 * flags), a fraction of a millisecond to scavenge, and a parallel scavenge waits at its end for every
 * helper thread that took a share; on a machine whose other cores are busy (the load generator here,
 * neighbours on a VPS) one not yet run holds the pause for milliseconds.
 */
setFlagsFromString('--no-parallel-scavenge');
