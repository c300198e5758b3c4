import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { makeMp4 } from './video';

interface Job {
  jobId: string;
  did: string;
  state: string;
  progress: number;
  blob?: unknown;
  error?: string;
  /** Status reads left before the job completes. */
  steps: number;
}

/**
 * Bluesky's video service on loopback (app.bsky.video.uploadVideo and getJobStatus), as far as the studio uses it.
 * An upload must carry a service-auth token addressed to the PDS (aud = the PDS's DID) for
 * com.atproto.repo.uploadBlob, issued by the account the `did` parameter names; the service then "processes" the
 * video (a WebM or MOV becomes an MP4) and stores it on the PDS with that same token, as the real one does. A job
 * completes after a few status reads, with progress on the way.
 */
export async function startFakeVideoService(pdsUrl: string, options: { stepsToComplete?: number } = {}) {
  const pdsDid = ((await (await fetch(`${pdsUrl}/xrpc/com.atproto.server.describeServer`)).json()) as { did: string }).did;
  const jobs = new Map<string, Job>();
  const uploads: Array<{ did: string; name: string; contentType: string; bytes: number }> = [];
  const refused: string[] = [];
  const statusReads = new Map<string, number>();
  let failNext: string | null = null;
  let seq = 0;

  const claimsOf = (auth: string | undefined) => {
    const token = auth?.replace(/^Bearer /, '') ?? '';
    try {
      return JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as {
        iss?: string;
        aud?: string;
        lxm?: string;
        exp?: number;
      };
    } catch {
      return null;
    }
  };

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://video');
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', async () => {
      if (url.pathname === '/xrpc/app.bsky.video.uploadVideo' && req.method === 'POST') {
        const did = url.searchParams.get('did') ?? '';
        const claims = claimsOf(req.headers.authorization);
        const problem = !claims
          ? 'no service-auth token'
          : claims.aud !== pdsDid
            ? `aud ${claims.aud} is not the PDS ${pdsDid}`
            : claims.lxm !== 'com.atproto.repo.uploadBlob'
              ? `lxm ${claims.lxm}`
              : claims.iss !== did
                ? `iss ${claims.iss} is not ${did}`
                : null;
        if (problem) {
          refused.push(problem);
          answer(401, { error: 'AuthRequired', message: problem });
          return;
        }
        const body = Buffer.concat(chunks);
        uploads.push({ did, name: url.searchParams.get('name') ?? '', contentType: req.headers['content-type'] ?? '', bytes: body.length });
        const jobId = `job-${++seq}`;
        const job: Job = { jobId, did, state: 'JOB_STATE_CREATED', progress: 0, steps: options.stepsToComplete ?? 2 };
        jobs.set(jobId, job);
        if (failNext) {
          Object.assign(job, { state: 'JOB_STATE_FAILED', error: failNext, steps: 0 });
          failNext = null;
        } else {
          // "Processing": what is stored is always an MP4, whatever was sent.
          const mp4 =
            body.subarray(4, 8).toString('latin1') === 'ftyp' && body.includes('isom')
              ? body
              : makeMp4({ width: 640, height: 360, seconds: 3 });
          const stored = await fetch(`${pdsUrl}/xrpc/com.atproto.repo.uploadBlob`, {
            method: 'POST',
            headers: { authorization: req.headers.authorization!, 'content-type': 'video/mp4' },
            body: new Uint8Array(mp4),
          });
          const out = (await stored.json()) as { blob?: unknown; message?: string };
          if (!stored.ok) Object.assign(job, { state: 'JOB_STATE_FAILED', error: `PDS: ${out.message}` });
          else job.blob = out.blob;
        }
        answer(200, { jobStatus: view(job) });
        return;
      }
      if (url.pathname === '/xrpc/app.bsky.video.getJobStatus' && req.method === 'GET') {
        const job = jobs.get(url.searchParams.get('jobId') ?? '');
        if (!job) return answer(404, { error: 'NotFound', message: 'no such job' });
        statusReads.set(job.did, (statusReads.get(job.did) ?? 0) + 1);
        if (job.state !== 'JOB_STATE_FAILED' && job.state !== 'JOB_STATE_COMPLETED') {
          if (job.steps-- > 0) Object.assign(job, { state: 'JOB_STATE_ENCODING', progress: Math.min(99, job.progress + 40) });
          else Object.assign(job, { state: 'JOB_STATE_COMPLETED', progress: 100 });
        }
        return answer(200, { jobStatus: view(job) });
      }
      answer(404, { error: 'MethodNotImplemented' });
    });
  });
  const view = (j: Job) => ({
    jobId: j.jobId,
    did: j.did,
    state: j.state,
    progress: j.progress,
    ...(j.state === 'JOB_STATE_COMPLETED' ? { blob: j.blob } : {}),
    ...(j.error ? { error: j.error, message: j.error } : {}),
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    pdsDid,
    /** What was uploaded, in order. */
    uploads,
    /** Why uploads were refused (a bad service-auth token). */
    refused,
    jobs,
    /** How often the jobs of an account (by DID) were asked after. */
    statusReadsOf: (did: string) => statusReads.get(did) ?? 0,
    /** The next upload's job fails with this error. */
    failNextJob(error: string) {
      failNext = error;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
export type FakeVideoService = Awaited<ReturnType<typeof startFakeVideoService>>;
