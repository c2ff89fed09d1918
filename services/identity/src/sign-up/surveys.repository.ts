import { Injectable } from '@nestjs/common';
import { Database, queryRows, sql } from '@tourly/platform';
import type { ICreateSurveyResponseQuery } from './surveys.repository.types';

const createSurveyResponse = sql<ICreateSurveyResponseQuery>`
  INSERT INTO survey_responses (id, user_id, provider_id, answers) VALUES ($id!, $userId, $providerId, $json!)`;

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
    await queryRows(this.db.dataSource, createSurveyResponse, answers);
  }
}
