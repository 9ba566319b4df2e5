/**
 * Work that must wait until a transaction has committed (decision 020): waking the job that
 * delivers the rows just written (emails now, notifications later), or any function (a socket
 * event). A rollback drops them all, so a failed request sends nothing.
 */
export type CommitEffect = { job: string } | (() => void);

export interface AfterCommit {
  /** Runs the effect once this transaction has committed; never after a rollback. */
  afterCommit(effect: CommitEffect): void;
}

/** Starts a job by name: the app's job runner, bound by createServices. */
export type JobStarter = (job: string) => void;

/** The effects of one transaction, in the order they were asked for; a job is woken once. */
export function collectEffects() {
  const effects: CommitEffect[] = [];
  return {
    add(effect: CommitEffect) {
      if (typeof effect !== 'function' && effects.some((e) => typeof e !== 'function' && e.job === effect.job)) return;
      effects.push(effect);
    },
    /** After COMMIT: an effect that throws is reported, and neither stops the others nor fails the committed work. */
    run(startJob: JobStarter | undefined, onError: (error: unknown) => void) {
      for (const effect of effects) {
        try {
          if (typeof effect === 'function') effect();
          else startJob?.(effect.job);
        } catch (error) {
          onError(error);
        }
      }
    },
  };
}
