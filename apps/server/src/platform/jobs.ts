/**
 * Work that runs on a schedule in every server process: expiring orders, counting withdrawals
 * as received, purging what has expired. Every job must be safe when several processes run it
 * at once (conditional updates, idempotent deletes, ledger keys), because they do.
 *
 * A job is also callable directly (`runNow`), which is how tests drive it: they move the
 * injected clock and run the job instead of waiting for a timer.
 */
export interface Job {
  name: string;
  everyMs: number;
  /** Returns how much it did (rows, orders), for the log. */
  run(now: number): Promise<number>;
}

export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export class Jobs {
  private readonly jobs = new Map<string, Job>();
  private readonly timers: NodeJS.Timeout[] = [];
  private readonly running = new Set<string>();
  private started = false;

  constructor(
    private readonly now: () => number,
    private readonly log: JobLog,
  ) {}

  add(job: Job): void {
    if (this.jobs.has(job.name)) throw new Error(`the job ${job.name} exists already`);
    this.jobs.set(job.name, job);
    if (this.started) this.schedule(job);
  }

  /** Starts the timers (the server does; tests call runNow instead). */
  start(): void {
    if (this.started) return;
    this.started = true;
    for (const job of this.jobs.values()) this.schedule(job);
  }

  stop(): void {
    this.started = false;
    for (const t of this.timers.splice(0)) clearInterval(t);
  }

  /** Runs a job once, now; a run that is still going is not started twice in one process. */
  async runNow(name: string): Promise<number> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`there is no job ${name}`);
    if (this.running.has(name)) return 0;
    this.running.add(name);
    try {
      return await job.run(this.now());
    } finally {
      this.running.delete(name);
    }
  }

  private schedule(job: Job): void {
    const timer = setInterval(() => {
      this.runNow(job.name).then(
        (done) => {
          if (done > 0) this.log.info({ job: job.name, done }, 'job ran');
        },
        (error: unknown) => this.log.error({ job: job.name, err: error }, 'job failed'),
      );
    }, job.everyMs);
    timer.unref();
    this.timers.push(timer);
  }
}
