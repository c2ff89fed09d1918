import { Nested, RequiredEmail, RequiredString } from '@tourly/platform';

export class Credentials {
  @RequiredEmail()
  email!: string;

  @RequiredString(200)
  password!: string;
}

/** `{"user": {"email", "password"}}`: the fixed shape clients and scripts sign in with. */
export class SignInRequest {
  @Nested(() => Credentials)
  user!: Credentials;
}
