// electron-updater's feed logic in plain Node, as far as it runs without Electron: its generic
// provider (channel file per platform, latest.yml parsing, file resolution) over builder-util-
// runtime's HTTP executor, whose download verifies the sha512 the channel file gives. Only the
// transport differs from the app (Node's http instead of Electron's net).
import { createHash } from 'node:crypto';
import { createServer, request, type ClientRequest, type RequestOptions, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CancellationToken, configureRequestOptions, configureRequestUrl, HttpExecutor } from 'builder-util-runtime';
import type { AppUpdater } from 'electron-updater';
import type { ElectronHttpExecutor } from 'electron-updater/out/electronHttpExecutor.js';
import { GenericProvider } from 'electron-updater/out/providers/GenericProvider.js';
import type { UpdateFeed } from '../../main/core/updates/controller.js';
import { feedChannel } from '../../main/core/updates/policy.js';

class NodeExecutor extends HttpExecutor<ClientRequest> {
  createRequest(options: RequestOptions, callback: (response: unknown) => void): ClientRequest {
    // No keep-alive: Node's client adds a 'timeout' listener to a reused socket per request with a
    // timeout (the executor sets one), and the noninterference game makes hundreds of them.
    return request({ ...options, agent: false }, callback);
  }

  /** As ElectronHttpExecutor.download: the file to disk through the checksum transform. */
  download(url: URL, destination: string, sha512: string): Promise<string> {
    const cancellationToken = new CancellationToken();
    return cancellationToken.createPromise((resolve, reject, onCancel) => {
      const options: RequestOptions = { redirect: 'manual' } as RequestOptions;
      configureRequestUrl(url, options);
      configureRequestOptions(options);
      this.doDownload(
        options,
        {
          destination,
          options: { sha512, cancellationToken },
          onCancel,
          callback: (error) => (error ? reject(error) : resolve(destination)),
          responseHandler: null,
        },
        0,
      );
    });
  }
}

export interface NodeFeed extends UpdateFeed {
  /** The files each download put on disk (verified). */
  downloaded: string[];
}

/** An UpdateFeed over a generic server, for `currentVersion` on `platform`. */
export function nodeUpdateFeed(url: string, currentVersion: string, platform: 'linux' | 'win32' | 'darwin'): NodeFeed {
  const executor = new NodeExecutor();
  const downloaded: string[] = [];
  return {
    downloaded,
    async check(channel) {
      const feed = feedChannel(channel);
      // The provider reads these two fields of its updater, nothing else.
      const updater = { channel: feed.channel, isAddNoCacheQuery: false } as unknown as AppUpdater;
      const provider = new GenericProvider({ provider: 'generic', url }, updater, {
        isUseMultipleRangeRequest: false,
        platform,
        // The provider only calls request() (HttpExecutor's own) on it.
        executor: executor as unknown as ElectronHttpExecutor,
      });
      const info = await provider.getLatestVersion();
      if (info.version === currentVersion) return null;
      const [file] = provider.resolveFiles(info);
      if (!file) return null;
      const folder = await mkdtemp(join(tmpdir(), 'exam-practice-update-'));
      const target = join(folder, file.url.pathname.split('/').at(-1) ?? 'update');
      const download = executor.download(file.url, target, file.info.sha512).then((path) => downloaded.push(path));
      return { version: info.version, download };
    },
    install: () => undefined,
  };
}

export const ARTIFACT = Buffer.from('Exam Practice 0.2.0 AppImage bytes '.repeat(2000));
const sha512 = (bytes: Buffer) => createHash('sha512').update(bytes).digest('base64');

/** A feed server: the channel files electron-builder writes, and the artifact (or a tampered one). */
export async function feedServer(options: { tampered?: boolean; channels?: string[] } = {}) {
  const requested: string[] = [];
  const yml = (version: string, file: string) =>
    [
      `version: ${version}`,
      'files:',
      `  - url: ${file}`,
      `    sha512: ${sha512(ARTIFACT)}`,
      `    size: ${ARTIFACT.length}`,
      `path: ${file}`,
      `sha512: ${sha512(ARTIFACT)}`,
      "releaseDate: '2026-11-20T12:00:00.000Z'",
      '',
    ].join('\n');
  const files: Record<string, string | Buffer> = {
    '/latest-linux.yml': yml('0.2.0', 'Exam-Practice-0.2.0.AppImage'),
    '/beta-linux.yml': yml('0.3.0-beta.1', 'Exam-Practice-0.3.0-beta.1.AppImage'),
    '/Exam-Practice-0.2.0.AppImage': options.tampered ? Buffer.from(ARTIFACT).fill(0x41, 100, 120) : ARTIFACT,
    '/Exam-Practice-0.3.0-beta.1.AppImage': ARTIFACT,
  };
  const served = (name: string) => !name.endsWith('.yml') || !options.channels || options.channels.includes(name);
  const server: Server = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    requested.push(path);
    const body = served(path) ? files[path] : undefined;
    if (body === undefined) {
      res.writeHead(404).end('not found');
      return;
    }
    res.writeHead(200, { 'content-length': Buffer.byteLength(body) }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  return { url, served: requested, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
