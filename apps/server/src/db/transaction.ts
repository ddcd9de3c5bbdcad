import type { Db, Tx } from "./client";

type Effect = () => unknown;

/**
 * A piece of work on the database: the transaction, and what to do once it has
 * committed (send an e-mail, publish an event). A rolled-back unit does none of it.
 */
export interface Unit {
  tx: Tx;
  afterCommit(effect: Effect): void;
}

/** How a failed after-commit effect is reported: the commit stands either way. */
export type EffectFailure = (error: unknown) => void;

/** Runs `work` in one transaction, then its after-commit effects in order. */
export type Transactor = <T>(work: (unit: Unit) => Promise<T>) => Promise<T>;

/**
 * Only services open transactions, through this; data functions take the unit's
 * `tx`. A service method that can be part of a larger unit takes that unit
 * instead of opening its own.
 */
export function createTransactor(db: Db, onEffectFailure: EffectFailure): Transactor {
  return async (work) => {
    const effects: Effect[] = [];
    const result = await db.transaction((tx) =>
      work({ tx, afterCommit: (effect) => effects.push(effect) }),
    );
    for (const effect of effects) {
      try {
        await effect();
      } catch (error) {
        onEffectFailure(error);
      }
    }
    return result;
  };
}
