import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../shared/strings';
import './signIn.css';

interface AuthLayoutProps {
  /** The page's heading, and its title in the browser's tab. */
  title: string;
  /** Where the person is in a flow of several pages (sign-up). */
  step?: { current: number; total: number };
  children: ReactNode;
}

/** The pages around an account (sign in, sign up, passwords, confirmations): the product name, then one card. */
export function AuthLayout({ title, step, children }: AuthLayoutProps) {
  return (
    <div className="sign-in">
      <title>{`${title} · ${PRODUCT_NAME}`}</title>
      <header className="sign-in-brand">{PRODUCT_NAME}</header>
      <main className="sign-in-card">
        {step && (
          <p className="sign-in-step">
            Step {step.current} of {step.total}
          </p>
        )}
        <h1>{title}</h1>
        {children}
      </main>
    </div>
  );
}
