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
