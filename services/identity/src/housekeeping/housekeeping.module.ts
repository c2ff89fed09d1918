import { Module } from '@nestjs/common';
import { CountersSweeper } from './counters.sweeper';

@Module({ providers: [CountersSweeper], exports: [CountersSweeper] })
export class HousekeepingModule {}
