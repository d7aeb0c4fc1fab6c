import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import type { AppEnv } from '../context.js';
import { clientIp } from '../context.js';
import { HttpProblem } from '../lib/problem.js';
import { RATE_LIMITS, reserveRateLimit } from '../lib/rate-limit.js';

/*
 * `POST /api/v1/csp-reports`: where the page's Content-Security-Policy sends its violations (csp.ts `report-uri` and
 * `report-to`). Two formats arrive:
 *  - `application/csp-report` (CSP2 `report-uri`): one `{ "csp-report": { "document-uri", "blocked-uri",
 *    "effective-directive", "violated-directive", "source-file", "line-number", "disposition", … } }`;
 *  - `application/reports+json` (Reporting API, CSP3 `report-to`): an array of `{ type: "csp-violation", url, body:
 *    { documentURL, blockedURL, effectiveDirective, sourceFile, lineNumber, disposition, … } }`.
 * Each violation is logged (fields only: never the sample) and counted by effective directive; the answer is 204.
 * The body is a browser's, not a client's: not part of the @ofw/api-client contract (test/openapi.test.ts lists it).
 */

/** The most a report body may weigh: a report is a few hundred bytes, a Reporting API batch a few reports. */
export const CSP_REPORT_MAX_BYTES = 16 * 1024;

/** The directives a violation is counted under; anything else is `other`, so the metric's series stay few. */
const DIRECTIVES = new Set([
  'default-src',
  'script-src',
  'script-src-elem',
  'script-src-attr',
  'style-src',
  'style-src-elem',
  'style-src-attr',
  'img-src',
  'font-src',
  'connect-src',
  'frame-src',
  'child-src',
  'object-src',
  'base-uri',
  'form-action',
  'frame-ancestors',
  'worker-src',
  'manifest-src',
  'media-src',
]);

/** One violation as logged. */
export interface CspViolation {
  documentUrl: string | undefined;
  blockedUrl: string | undefined;
  directive: string;
  sourceFile: string | undefined;
  lineNumber: number | undefined;
  disposition: string | undefined;
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
/** A string field, cut to 500 characters (a URL in a log line, never a page). */
const text = (v: unknown): string | undefined => (typeof v === 'string' ? v.slice(0, 500) : undefined);
const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** The directive a report names (`script-src-elem` stays itself; a full `violated-directive` keeps its name). */
function directiveOf(effective: unknown, violated: unknown): string {
  const name = (text(effective) ?? text(violated) ?? '').trim().split(/\s+/)[0]!.toLowerCase();
  return DIRECTIVES.has(name) ? name : 'other';
}

/**
 * The violations of a report body by its content type.
 * @returns undefined when the body is not a report of that type.
 */
export function parseCspReport(contentType: string, body: unknown): CspViolation[] | undefined {
  if (contentType === 'application/csp-report') {
    const r = isRecord(body) ? body['csp-report'] : undefined;
    if (!isRecord(r)) return undefined;
    return [
      {
        documentUrl: text(r['document-uri']),
        blockedUrl: text(r['blocked-uri']),
        directive: directiveOf(r['effective-directive'], r['violated-directive']),
        sourceFile: text(r['source-file']),
        lineNumber: num(r['line-number']),
        disposition: text(r.disposition),
      },
    ];
  }
  if (contentType === 'application/reports+json') {
    if (!Array.isArray(body)) return undefined;
    return body
      .filter((report): report is Record<string, unknown> => isRecord(report) && report.type === 'csp-violation')
      .map((report) => {
        const b = isRecord(report.body) ? report.body : {};
        return {
          documentUrl: text(b.documentURL) ?? text(report.url),
          blockedUrl: text(b.blockedURL),
          directive: directiveOf(b.effectiveDirective, undefined),
          sourceFile: text(b.sourceFile),
          lineNumber: num(b.lineNumber),
          disposition: text(b.disposition),
        };
      });
  }
  return undefined;
}

/** The report endpoint (mounted before the CSRF guard: it reads no session and changes nothing). */
export function cspReportRoutes() {
  const r = new Hono<AppEnv>();
  r.post(
    '/csp-reports',
    bodyLimit({
      maxSize: CSP_REPORT_MAX_BYTES,
      onError: () => {
        throw new HttpProblem(413, 'payload_too_large', `The body is larger than ${CSP_REPORT_MAX_BYTES} bytes.`);
      },
    }),
    async (c) => {
      const s = c.get('services');
      // per client address: a page in a loop (or anyone) cannot fill the logs
      await reserveRateLimit(s.db, RATE_LIMITS.cspReports, clientIp(c), s.now(), s.env.RATE_LIMIT_FACTOR);
      const contentType = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
      if (contentType !== 'application/csp-report' && contentType !== 'application/reports+json')
        throw new HttpProblem(
          415,
          'unsupported_media_type',
          'Send application/csp-report or application/reports+json.',
        );
      let body: unknown;
      try {
        body = JSON.parse(await c.req.text());
      } catch {
        throw new HttpProblem(400, 'validation_failed', 'The report is not JSON.');
      }
      const violations = parseCspReport(contentType, body);
      if (!violations) throw new HttpProblem(400, 'validation_failed', 'The body is not a CSP report.');
      for (const violation of violations) {
        s.metrics.cspViolationsTotal.inc({ directive: violation.directive });
        s.logger.warn({ reqId: c.get('requestId'), cspViolation: violation }, 'csp violation');
      }
      return c.body(null, 204);
    },
  );
  return r;
}
