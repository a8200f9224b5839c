/**
 * The request-path bench's goals (issue 8) and what each case is read against: the Fastify hello
 * world and, for a fresh read, the floor of its size — a bare Fastify answering one prepared
 * statement of as many rows — each measured just before and just after the case, so a machine
 * whose speed drifts in a run (one run's hello world answered 37,177 req/s before the cases and
 * 75,014 after) is compared with itself in the same minute (docs/decisions.md, "Each bench case is
 * read against references measured around it").
 */
import type { WalFlushes } from './bench-disk.ts';

export interface Figure {
  name: string;
  requestsPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  connections: number;
  /** Requests answered in the measured seconds (not the warm-up). */
  requests: number;
  /** For a mutation: PostgreSQL's WAL flushes during its measured seconds (scripts/bench-disk.ts). */
  wal?: WalFlushes;
}

export interface Goal {
  /** Least req/s as a share of the baseline's; absent for mutations. */
  minRatio?: number;
  maxP99Ms?: number;
  /**
   * A fresh read's goal, against the floor of its size measured around it (docs/decisions.md, "The
   * large tenant's fresh reads are read against their floors"): least req/s as a share of the
   * floor's, and a p99 at most so many times the floor's.
   */
  floor?: { rows: number; minShare: number; maxP99Times: number };
}

export const READ_GOAL: Goal = { minRatio: 0.25, maxP99Ms: 20 };
export const SESSION_GOAL: Goal = { minRatio: 0.35, maxP99Ms: 20 };
export const MUTATION_GOAL: Goal = { maxP99Ms: 50 };
/** The largest floor: the page size of the bench's lists (its floor table holds this many rows). */
export const FLOOR_MAX_ROWS = 50;

/** A fresh read of `rows` rows: half the req/s of the floor answering as many rows, twice its p99. */
export function freshGoal(rows: number): Goal {
  if (!Number.isInteger(rows) || rows < 1 || rows > FLOOR_MAX_ROWS) throw new RangeError(`a floor reads 1 to ${FLOOR_MAX_ROWS} rows, not ${rows}`);
  return { floor: { rows, minShare: 0.5, maxP99Times: 2 } };
}

/** A reference measured before a case, between its slices (`during`, a read's) and after it. */
export type Bracketed = Figure & { before: Figure; after: Figure; during: Figure[] };

/** What a case is read against: the baseline and (for a fresh read) its floor, each before and after it. */
export interface Around {
  baseline: Bracketed;
  /** The floor of as many rows as the fresh read answers. */
  floor?: Bracketed & { rows: number };
}

export type Measured = Figure & { goal: Goal; around: Around };

/**
 * A reference measured before a case, between its slices and after it: the mean of them all
 * (req/s, p50, p99).
 */
export function bracketed(before: Figure, after: Figure, during: readonly Figure[] = []): Bracketed {
  const all = [before, ...during, after];
  const mean = (pick: (figure: Figure) => number) => all.reduce((sum, figure) => sum + pick(figure), 0) / all.length;
  return {
    name: before.name,
    connections: before.connections,
    requestsPerSecond: mean((figure) => figure.requestsPerSecond),
    p50: mean((figure) => figure.p50),
    p99: mean((figure) => figure.p99),
    errors: all.reduce((sum, figure) => sum + figure.errors, 0),
    requests: all.reduce((sum, figure) => sum + figure.requests, 0),
    before,
    after,
    during: [...during],
  };
}

/** Whether a case meets its goal, against the references measured around it. */
export function meets(figure: Measured): boolean {
  const { goal, around } = figure;
  if (goal.floor && !around.floor) return false;
  const ratioOk = goal.minRatio === undefined || figure.requestsPerSecond / around.baseline.requestsPerSecond >= goal.minRatio;
  const floor = around.floor;
  const floorOk =
    !goal.floor || (figure.requestsPerSecond >= goal.floor.minShare * floor!.requestsPerSecond && figure.p99 <= goal.floor.maxP99Times * floor!.p99);
  // No answer at all (every request timed out) meets nothing, whatever its empty latency figures say.
  return figure.requestsPerSecond > 0 && ratioOk && floorOk && (goal.maxP99Ms === undefined || figure.p99 <= goal.maxP99Ms) && figure.errors === 0;
}

const rowsText = (rows: number) => `${rows} row${rows === 1 ? '' : 's'}`;

/** A goal in words, for the report's table. */
export function goalText(goal: Goal): string {
  if (goal.floor) return `≥ ${goal.floor.minShare}× the floor of ${rowsText(goal.floor.rows)}, p99 ≤ ${goal.floor.maxP99Times}× its`;
  return [goal.minRatio === undefined ? '' : `≥ ${goal.minRatio}×`, goal.maxP99Ms === undefined ? '' : `p99 ≤ ${goal.maxP99Ms} ms`].filter(Boolean).join(', ');
}

/** Requests a second as the report writes them: whole, with thousands separated. */
export const rpsText = (requestsPerSecond: number) => Math.round(requestsPerSecond).toLocaleString('en-US');
const rps = (figure: Figure) => rpsText(figure.requestsPerSecond);

/** A reference's measurements in the order they were made. */
const inOrder = (reference: Bracketed) => [reference.before, ...reference.during, reference.after];

/** The references around a case in words: req/s before → (between its slices →) after, and the floor's p99. */
export function aroundText(around: Around): string {
  const { baseline, floor } = around;
  const text = `hello ${inOrder(baseline).map(rps).join(' → ')}`;
  return floor
    ? `${text}; floor of ${rowsText(floor.rows)} ${inOrder(floor).map(rps).join(' → ')}, p99 ${inOrder(floor).map((figure) => figure.p99).join(' → ')} ms`
    : text;
}

/** A reference's measurements in a run: their mean (req/s, p50, p99) and the least and most req/s. */
export function summaryOf(figures: readonly Figure[]): Figure & { least: number; most: number; count: number } {
  if (figures.length === 0) throw new RangeError('no measurement to sum up');
  const average = (pick: (figure: Figure) => number) => figures.reduce((sum, figure) => sum + pick(figure), 0) / figures.length;
  const each = figures.map((figure) => figure.requestsPerSecond);
  return {
    name: figures[0]!.name,
    connections: figures[0]!.connections,
    requestsPerSecond: average((figure) => figure.requestsPerSecond),
    p50: average((figure) => figure.p50),
    p99: average((figure) => figure.p99),
    errors: figures.reduce((sum, figure) => sum + figure.errors, 0),
    requests: figures.reduce((sum, figure) => sum + figure.requests, 0),
    least: Math.min(...each),
    most: Math.max(...each),
    count: figures.length,
  };
}

export interface ReferenceMeasures {
  /** `slice`: a short measurement between a read's slices (the references are warm by then). */
  baseline(slice?: boolean): Promise<Figure>;
  floor(rows: number, slice?: boolean): Promise<Figure>;
}

/**
 * Runs cases between reference measurements: the baseline (and the case's floor) just before a
 * case and again just after it; what was measured after one case is what the next is measured
 * after, so a run of n cases measures the baseline n + 1 times, not 2n. Every measurement is kept
 * for the report's summary rows.
 */
export function referencesAround(measures: ReferenceMeasures) {
  let last: { baseline: Figure; floors: Map<number, Figure> } | undefined;
  const baselines: Figure[] = [];
  const floors = new Map<number, Figure[]>();
  const baseline = async (slice = false) => {
    const figure = await measures.baseline(slice);
    baselines.push(figure);
    return figure;
  };
  const floor = async (rows: number, slice = false) => {
    const figure = await measures.floor(rows, slice);
    floors.set(rows, [...(floors.get(rows) ?? []), figure]);
    return figure;
  };
  return {
    /**
     * `run` may call `between()` between slices of its case: the baseline (and the case's floor) is
     * measured there too, shortly, and every such measurement joins the mean the case is read
     * against — a read measured in slices with its references in between (docs/decisions.md,
     * "A read is measured in slices, its references in between").
     */
    async around<T>(rows: number | undefined, run: (between: () => Promise<void>) => Promise<T>): Promise<{ result: T; around: Around }> {
      const before = (last ??= { baseline: await baseline(), floors: new Map() });
      if (rows !== undefined && !before.floors.has(rows)) before.floors.set(rows, await floor(rows));
      const during: { baseline: Figure[]; floor: Figure[] } = { baseline: [], floor: [] };
      const result = await run(async () => {
        during.baseline.push(await baseline(true));
        if (rows !== undefined) during.floor.push(await floor(rows, true));
      });
      const after = { baseline: await baseline(), floors: new Map<number, Figure>() };
      if (rows !== undefined) after.floors.set(rows, await floor(rows));
      last = after;
      return {
        result,
        around: {
          baseline: bracketed(before.baseline, after.baseline, during.baseline),
          ...(rows === undefined ? {} : { floor: { ...bracketed(before.floors.get(rows)!, after.floors.get(rows)!, during.floor), rows } }),
        },
      };
    },
    /** Every measurement so far: the baseline's, and each floor's by its rows. */
    measured: () => ({ baselines: [...baselines], floors: new Map([...floors].map(([rows, figures]) => [rows, [...figures]])) }),
  };
}

export type References = ReturnType<typeof referencesAround>;
