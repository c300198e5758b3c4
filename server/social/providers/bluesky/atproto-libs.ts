/**
 * The AT Protocol client libraries, imported the first time the server talks to Bluesky rather than when it starts.
 * Importing @atproto/api and @atproto/oauth-client-node alone takes about 0.8 s of CPU; without them a server start
 * took about 2.1 s of CPU and 174 MB against 2.4 s and 188 MB, a cost a studio that never posts to Bluesky would pay
 * for nothing (and every test that starts a server, about ninety a run). Each is imported once; later calls get the
 * same module. The lint allows only type imports of them elsewhere in the server.
 */
let api: Promise<typeof import('@atproto/api')> | undefined;
let oauth: Promise<typeof import('@atproto/oauth-client-node')> | undefined;

export const atprotoApi = () => (api ??= import('@atproto/api'));
export const atprotoOAuth = () => (oauth ??= import('@atproto/oauth-client-node'));
