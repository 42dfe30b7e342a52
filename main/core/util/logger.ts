// A small rotating file logger that runs anywhere main runs (app, harness, CLI).
// Every registered secret is replaced before a line is written, so API keys
// never reach the log even when an error message happens to contain one.
import { appendFileSync, mkdirSync, renameSync, statSync } from 'node:fs';
import { join } from 'node:path';

export interface Logger {
  info(message: string, data?: Record<string, unknown>): void;
  warn(message: string, data?: Record<string, unknown>): void;
  error(message: string, data?: Record<string, unknown>): void;
  /** Text that must never be written (API keys). */
  addSecret(secret: string): void;
}

export function createLogger(dir: string, options: { maxBytes?: number; files?: number } = {}): Logger {
  const maxBytes = options.maxBytes ?? 1024 * 1024;
  const files = options.files ?? 3;
  const secrets = new Set<string>();
  const path = join(dir, 'main.log');
  mkdirSync(dir, { recursive: true });

  const redact = (text: string) => {
    let out = text;
    for (const secret of secrets) out = out.split(secret).join('[redacted]');
    return out.replace(/(x-api-key["']?\s*[:=]\s*["']?)[^\s"',}]+/gi, '$1[redacted]');
  };

  const rotate = () => {
    try {
      if (statSync(path).size < maxBytes) return;
    } catch {
      return;
    }
    for (let n = files - 1; n >= 1; n--) {
      try {
        renameSync(n === 1 ? path : `${path}.${n - 1}`, `${path}.${n}`);
      } catch {
        // a missing older file is fine
      }
    }
  };

  const write = (level: string, message: string, data?: Record<string, unknown>) => {
    const line = redact(`${new Date().toISOString()} ${level} ${message}${data ? ` ${JSON.stringify(data)}` : ''}`);
    try {
      rotate();
      appendFileSync(path, `${line}\n`);
    } catch {
      // logging must never take the app down
    }
  };

  return {
    info: (m, d) => write('INFO', m, d),
    warn: (m, d) => write('WARN', m, d),
    error: (m, d) => write('ERROR', m, d),
    addSecret: (secret) => {
      if (secret.length >= 4) secrets.add(secret);
    },
  };
}
