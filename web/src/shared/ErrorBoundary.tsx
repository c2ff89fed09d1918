import { Component, type ReactNode } from 'react';
import { ApiError } from '../api/errors';
import { ErrorDisplay } from './ErrorDisplay';
import { MESSAGES } from './strings';

interface ErrorBoundaryProps {
  children: ReactNode;
}

interface ErrorBoundaryState {
  failed: boolean;
  error: unknown;
}

/** Shows the shared error display instead of a blank page when a page fails to load or render. */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { failed: false, error: null };

  static getDerivedStateFromError(error: unknown): ErrorBoundaryState {
    return { failed: true, error };
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="page">
        {/* Only a request's errors are meant for people; anything else thrown here is a bug. */}
        <ErrorDisplay
          error={this.state.error instanceof ApiError ? this.state.error : MESSAGES.unrecognisedError}
        />
      </div>
    );
  }
}
