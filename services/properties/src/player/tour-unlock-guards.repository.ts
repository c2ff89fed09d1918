import { Injectable } from '@nestjs/common';
import { Database, queryAffected, queryOne, queryRows, sql } from '@tourly/platform';
import type {
  IClaimGuessQuery,
  IEnsureUnlockGuardQuery,
  IForgetWrongAddressesQuery,
  IHasGuessedWrongQuery,
  ILockUnlockGuardQuery,
  IRecordWrongAddressQuery,
  ITakeBackGuessQuery,
} from './tour-unlock-guards.repository.types';

/** One tour's guesses as a claim found them. */
export interface GuessClaim {
  /** The tour's wrong guesses in the last hour, this claim's included (counted as wrong until it proves right). */
  wrongGuesses: number;
  /** Seconds until the tour checks another guess; 0: it did this one. */
  waitSeconds: number;
  /** When this claim counted itself, to take it back if the guess was right. */
  claimedAt: Date;
  /** The tour's last wrong guess before this claim. */
  previousWrongAt: Date;
}

// A tour remembers its wrong guesses, and the addresses that made them, for an hour (interval '1 hour' below).

const ensureUnlockGuard = sql<IEnsureUnlockGuardQuery>`
  INSERT INTO tour_unlock_guards (property_id) VALUES ($propertyId!) ON CONFLICT (property_id) DO NOTHING`;

// Both columns are computed from NOT NULL ones and never null ("wrongGuesses!", "waitSeconds!").
const lockUnlockGuard = sql<ILockUnlockGuardQuery>`
  SELECT CASE WHEN last_wrong_at > now() - interval '1 hour' THEN wrong_guesses ELSE 0 END AS "wrongGuesses!",
         greatest(ceil(extract(epoch FROM next_guess_at - now())), 0)::int AS "waitSeconds!",
         last_wrong_at AS "previousWrongAt"
    FROM tour_unlock_guards WHERE property_id = $propertyId! FOR UPDATE`;

const claimGuess = sql<IClaimGuessQuery>`
  UPDATE tour_unlock_guards
     SET wrong_guesses = $wrongGuesses!, last_wrong_at = now(),
         next_guess_at = greatest(next_guess_at, now() + make_interval(secs => $waitSeconds!))
   WHERE property_id = $propertyId! RETURNING last_wrong_at AS "claimedAt"`;

const takeBackGuess = sql<ITakeBackGuessQuery>`
  UPDATE tour_unlock_guards
     SET wrong_guesses = greatest(wrong_guesses - 1, 0),
         last_wrong_at = CASE WHEN last_wrong_at = $claimedAt! THEN $previousWrongAt! ELSE last_wrong_at END
   WHERE property_id = $propertyId!`;

const forgetWrongAddresses = sql<IForgetWrongAddressesQuery>`
  DELETE FROM tour_unlock_wrong_addresses WHERE property_id = $propertyId! AND wrong_at < now() - interval '1 hour'`;

const recordWrongAddress = sql<IRecordWrongAddressQuery>`
  INSERT INTO tour_unlock_wrong_addresses (property_id, address_key) VALUES ($propertyId!, $addressKey!)
  ON CONFLICT ON CONSTRAINT tour_unlock_wrong_addresses_pk DO UPDATE SET wrong_at = now()`;

const hasGuessedWrong = sql<IHasGuessedWrongQuery>`
  SELECT true AS "found!" FROM tour_unlock_wrong_addresses
   WHERE property_id = $propertyId! AND address_key = $addressKey! AND wrong_at > now() - interval '1 hour'`;

/**
 * The guesses at each tour's password (`tour_unlock_guards`) and the addresses that guessed wrong at it in the last
 * hour (`tour_unlock_wrong_addresses`): the per-tour back-off, shared by every replica.
 */
@Injectable()
export class TourUnlockGuardsRepository {
  constructor(private readonly db: Database) {}

  /**
   * Claims a guess at the tour, in one transaction holding the tour's row: unless it must wait (`waitSeconds` > 0,
   * nothing counted; `pass` lets a guess through the wait), the guess is counted as wrong now and the tour's next
   * guess put off by `waitAfter(count)`, so guesses sent together are spaced out like guesses sent one by one.
   */
  claim(propertyId: string, pass: boolean, waitAfter: (wrongGuesses: number) => number): Promise<GuessClaim> {
    return this.db.transaction(async (tx) => {
      await queryRows(tx, ensureUnlockGuard, { propertyId });
      const guard = (await queryOne(tx, lockUnlockGuard, { propertyId }))!;
      if (guard.waitSeconds > 0 && !pass) {
        return { ...guard, claimedAt: new Date(), waitSeconds: guard.waitSeconds };
      }
      const wrongGuesses = guard.wrongGuesses + 1;
      const [claimed] = await queryRows(tx, claimGuess, {
        propertyId,
        wrongGuesses,
        waitSeconds: waitAfter(wrongGuesses),
      });
      return { ...guard, wrongGuesses, waitSeconds: 0, claimedAt: claimed!.claimedAt };
    });
  }

  /** The claimed guess was right: it is not counted as wrong (the wait it set stays: it is at most a minute). */
  async takeBack(propertyId: string, claim: GuessClaim): Promise<void> {
    await queryAffected(this.db.dataSource, takeBackGuess, {
      propertyId,
      claimedAt: claim.claimedAt,
      previousWrongAt: claim.previousWrongAt,
    });
  }

  /** The address guessed wrong at the tour; the tour's addresses older than an hour are forgotten. */
  async guessedWrong(propertyId: string, addressKey: string): Promise<void> {
    await this.db.transaction(async (tx) => {
      await queryAffected(tx, forgetWrongAddresses, { propertyId });
      await queryRows(tx, recordWrongAddress, { propertyId, addressKey });
    });
  }

  /** Whether the address guessed wrong at the tour in the last hour. */
  async hasGuessedWrong(propertyId: string, addressKey: string): Promise<boolean> {
    const found = await queryOne(this.db.dataSource, hasGuessedWrong, { propertyId, addressKey });
    return found !== undefined;
  }
}
