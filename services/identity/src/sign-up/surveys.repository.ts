import { Injectable } from '@nestjs/common';
import { Database, rows } from '@tourly/platform';

/** The `survey_responses` table: the sign-up survey's answers, kept as sent. */
@Injectable()
export class SurveysRepository {
  constructor(private readonly db: Database) {}

  async create(answers: {
    id: string;
    userId: string | null;
    providerId: string | null;
    json: string;
  }): Promise<void> {
    await rows(
      this.db.dataSource,
      'INSERT INTO survey_responses (id, user_id, provider_id, answers) VALUES ($1, $2, $3, $4)',
      [answers.id, answers.userId, answers.providerId, answers.json],
    );
  }
}
