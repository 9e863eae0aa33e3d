import type { Doc } from '../../application/platform/ports/document-store';
import { POSITION_FIELD } from '../../application/platform/processing/runner';
import { CollectionComparison, canonicalJson } from '../../application/platform/processing/digest';

export interface ReplayReport extends CollectionComparison {
  /** The log position both sides stand at. */
  position: number;
  /** The first differing document, both versions (null on the side that lacks it). */
  first?: { id: string; live: Doc | null; rebuilt: Doc | null };
}

const number = new Intl.NumberFormat('en-US');

/** What `npm run replay` prints: one line per read model, and for one that differs, its first differing document. */
export function formatReports(reports: ReplayReport[]): string {
  const lines: string[] = [];
  for (const r of reports) {
    if (r.differing.length === 0) {
      lines.push(`equal      ${r.collection}: ${number.format(r.live)} documents`);
      continue;
    }
    lines.push(
      `DIFFERENT  ${r.collection}: live ${number.format(r.live)}, rebuilt ${number.format(r.rebuilt)}, ${number.format(r.differing.length)} differing`,
    );
    if (r.first) lines.push(...describeDifference(r.first, r.position).map((line) => `  ${line}`));
  }
  const position = reports[0]?.position ?? -1;
  const equal = reports.every((r) => r.differing.length === 0);
  lines.push(
    equal
      ? `replay: every read model equals its rebuild from the log (both at log position ${position})`
      : `replay: read models differ from their rebuild from the log (both at log position ${position})`,
  );
  return lines.map((line) => `${line}\n`).join('');
}

/** The document's id, then each top-level field whose value differs: live first, rebuilt second. */
function describeDifference(first: { id: string; live: Doc | null; rebuilt: Doc | null }, position: number): string[] {
  const { id, live, rebuilt } = first;
  if (!live) return [`document ${id}: only in the rebuild`, `  rebuilt: ${canonicalJson(rebuilt)}`];
  if (!rebuilt) return [`document ${id}: only in the live read model`, `  live:    ${canonicalJson(live)}`];
  const lines = [`document ${id}:`];
  const fields = [...new Set([...Object.keys(live), ...Object.keys(rebuilt)])].sort();
  for (const field of fields) {
    const [a, b] = [canonicalJson(live[field]), canonicalJson(rebuilt[field])];
    if (a !== b) lines.push(`  ${field}: live ${a ?? '(absent)'}, rebuilt ${b ?? '(absent)'}`);
  }
  const moved = Number(live[POSITION_FIELD]);
  if (moved > position) lines.push(`  (the live document was read again after it moved on to log position ${moved})`);
  return lines;
}
