import type { Agent } from '@atproto/api';
import { BlueskyError } from './bluesky';

export interface VideoServiceSettings {
  url: string;
  pdsHosts: string[];
  pollMs: number;
  maxWaitMs: number;
}

/** app.bsky.video.defs#jobStatus, as far as we read it. */
export interface JobStatus {
  jobId: string;
  did?: string;
  state: string;
  progress?: number;
  blob?: Record<string, unknown>;
  error?: string;
  message?: string;
}

/**
 * Whether an account's PDS sends videos through Bluesky's video service: its host is one of the configured ones
 * ('bsky.social', '*.bsky.network'). Those are reachable by the service and accept its uploads; any other PDS gets
 * the video as a blob (docs/decisions.md).
 */
export function usesVideoService(pdsUrl: string | null, hosts: string[]): boolean {
  if (!pdsUrl) return false;
  let host: string;
  try {
    host = new URL(pdsUrl).hostname.toLowerCase();
  } catch {
    return false;
  }
  return hosts.some((h) => {
    const pattern = h.toLowerCase();
    return pattern.startsWith('*.') ? host.endsWith(pattern.slice(1)) : host === pattern;
  });
}

/**
 * The DID the service-auth token is addressed to: the PDS's own (describeServer), as the video service hands the
 * token on to that PDS's uploadBlob. The agent talks to the account's actual PDS (not an entryway such as bsky.social).
 */
async function pdsDidOf(agent: Agent): Promise<string> {
  try {
    return (await agent.com.atproto.server.describeServer()).data.did;
  } catch {
    const url = (agent as { dispatchUrl?: URL }).dispatchUrl;
    if (!url) throw new BlueskyError('transient', 'Your Bluesky server did not say who it is; it will be tried again.');
    return `did:web:${url.hostname}`;
  }
}

const UNREACHABLE = "Bluesky's video service cannot be reached; it will be tried again.";

async function answerOf(res: Response): Promise<Record<string, unknown>> {
  return ((await res.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
}

function failureOf(status: number, body: Record<string, unknown>, headers: Headers): BlueskyError {
  const said = String(body.message ?? body.error ?? `HTTP ${status}`);
  if (status === 429) {
    const reset = Number(headers.get('ratelimit-reset'));
    const wait = Number.isFinite(reset) && reset > 0 ? Math.max(1, reset - Math.floor(Date.now() / 1000)) : 60;
    return new BlueskyError('rate-limited', "Bluesky's video service is limiting uploads right now; it will be tried again.", wait);
  }
  if (status >= 500)
    return new BlueskyError('transient', `Bluesky's video service answered with an error (${status}); it will be tried again.`);
  return new BlueskyError('rejected', `Bluesky's video service refused the video: ${said}`);
}

/**
 * Sends a video to the video service (app.bsky.video.uploadVideo): authorised by a service-auth token from the PDS
 * (com.atproto.server.getServiceAuth, aud = the PDS's DID, lxm = com.atproto.repo.uploadBlob), which the service uses
 * to store the processed MP4 on that PDS. A video the service already has answers its existing job.
 */
export async function startVideoJob(
  agent: Agent,
  settings: VideoServiceSettings,
  fetch: typeof globalThis.fetch,
  video: { bytes: Buffer; contentType: string; fileName: string },
): Promise<JobStatus> {
  const did = agent.assertDid;
  const aud = await pdsDidOf(agent);
  const auth = await agent.com.atproto.server.getServiceAuth({
    aud,
    lxm: 'com.atproto.repo.uploadBlob',
    exp: Math.floor(Date.now() / 1000) + 30 * 60,
  });
  const url = new URL('/xrpc/app.bsky.video.uploadVideo', settings.url);
  url.searchParams.set('did', did);
  url.searchParams.set('name', video.fileName);
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${auth.data.token}`, 'content-type': video.contentType },
    body: new Uint8Array(video.bytes),
  }).catch(() => {
    throw new BlueskyError('unreachable', UNREACHABLE);
  });
  const body = await answerOf(res);
  // The lexicon wraps it in jobStatus; the service has also answered the status itself.
  const job = (body.jobStatus ?? body) as Partial<JobStatus>;
  if (res.ok && job.jobId) return job as JobStatus;
  // Uploaded before (a retry after a lost answer): the service names the job it already has.
  if (res.status === 409 && job.jobId) return { ...job, state: job.state ?? 'JOB_STATE_CREATED' } as JobStatus;
  throw failureOf(res.status, body, res.headers);
}

export async function jobStatusOf(settings: VideoServiceSettings, fetch: typeof globalThis.fetch, jobId: string): Promise<JobStatus> {
  const url = new URL('/xrpc/app.bsky.video.getJobStatus', settings.url);
  url.searchParams.set('jobId', jobId);
  const res = await fetch(url).catch(() => {
    throw new BlueskyError('unreachable', UNREACHABLE);
  });
  const body = await answerOf(res);
  if (!res.ok) throw failureOf(res.status, body, res.headers);
  return (body.jobStatus ?? body) as JobStatus;
}

/**
 * Asks for a job's status until it is done (its blob), failed, or `maxWaitMs` passed (then the attempt is tried again
 * later, with the same job). Every change of progress is handed to onProgress.
 */
export async function waitForJob(
  settings: VideoServiceSettings,
  fetch: typeof globalThis.fetch,
  jobId: string,
  fileName: string,
  onProgress: (progress: number | null) => Promise<void>,
): Promise<Record<string, unknown>> {
  const deadline = Date.now() + settings.maxWaitMs;
  let last: number | null | undefined;
  for (;;) {
    const job = await jobStatusOf(settings, fetch, jobId);
    if (job.state === 'JOB_STATE_COMPLETED' && job.blob) return job.blob;
    if (job.state === 'JOB_STATE_FAILED') {
      throw new BlueskyError(
        'rejected',
        `Bluesky's video service could not process ${fileName}: ${job.message || job.error || 'no reason given'}.`,
      );
    }
    const progress = typeof job.progress === 'number' ? job.progress : null;
    if (progress !== last) await onProgress(progress);
    last = progress;
    if (Date.now() > deadline) throw new BlueskyError('transient', 'Bluesky is still processing the video; it will be tried again.');
    await new Promise((r) => setTimeout(r, settings.pollMs));
  }
}
