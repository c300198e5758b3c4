#!/bin/sh
# Runs the built server (dist-server/main.mjs): `npm start` after its build, `npm run serve`, the systemd unit and
# the benchmarks all start it here, so they run it the same way.
#
# glibc's allocator, left to itself, gives each thread that processes an image its own arena and raises its mmap
# threshold after the first large buffer is freed, so freed image buffers stay in the process for good (measured:
# ~110 MB more RSS after two minutes of uploads, against ~35 MB with these). Two arenas and a fixed threshold hand
# large buffers back to the system when they are freed. The threshold is 32 KB, not glibc's 128 KB: under the soak
# load the main arena ([heap] in /proc/<pid>/smaps) grew ~63 MB in 3 minutes with 128 KB, kept by fragmentation
# after the buffers in it were freed (PGlite's WebAssembly memory and V8's heap stayed within ~45 MB of that
# growth), and ~23 MB with 32 KB. Either can be overridden from the environment.
export MALLOC_ARENA_MAX="${MALLOC_ARENA_MAX:-2}"
export MALLOC_MMAP_THRESHOLD_="${MALLOC_MMAP_THRESHOLD_:-32768}"
#
# V8's young generation grows to 32 MB under load and stays that size until V8's memory reducer runs, which waits
# 8 s after a full collection to see the allocation rate drop. A 4 MB semi-space keeps the young generation at a
# quarter of that (peaks under the soak fell from ~400 to ~260 MB; its throughput held, ~100 req/s either way in
# 90-s trials), and the reducer looks 1 s after the collection the server makes once requests stop
# (server/memory/collect-when-quiet.ts), so a quiet studio is back to its lean size within seconds of a burst.
exec "${NODE:-node}" --max-semi-space-size=4 --gc-memory-reducer-start-delay-ms=1000 "$(dirname "$0")/../dist-server/main.mjs" "$@"
