import { Component, type ReactNode } from 'react';
import { ErrorPage } from './ErrorPage';

/** Anything a view throws ends here: the 'Unexpected Application Error!' page instead of a blank screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  render() {
    if (this.state.error) return <ErrorPage detail={this.state.error.message} />;
    return this.props.children;
  }
}
