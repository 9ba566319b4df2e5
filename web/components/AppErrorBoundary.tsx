import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorFallback } from './ErrorFallback';

type Props = {
  children: ReactNode;
  /** Changing it (e.g. the path) clears a shown error, so navigating away recovers. */
  resetKey?: string;
};
type State = { failedKey: string | undefined; failed: boolean };

export class AppErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, failedKey: undefined };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    if (state.failed && state.failedKey !== undefined && state.failedKey !== props.resetKey) {
      return { failed: false, failedKey: undefined };
    }
    return null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    this.setState({ failedKey: this.props.resetKey });
    console.error('Render error', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <ErrorFallback /> : this.props.children;
  }
}
