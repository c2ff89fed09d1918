// `@tourly/platform/storage`: the S3 port, apart from the platform's main entry because it loads the AWS SDK (about
// 200 ms and 23 MB a process), which only the services that keep files should pay for.
export * from './storage';
export * from './storage.module';
