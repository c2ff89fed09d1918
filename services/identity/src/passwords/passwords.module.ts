import { Module } from '@nestjs/common';
import { Mailer } from './mailer';
import { PasswordResetsService } from './password-resets.service';
import { PasswordsController } from './passwords.controller';

@Module({ controllers: [PasswordsController], providers: [PasswordResetsService, Mailer] })
export class PasswordsModule {}
