import { Component, type ReactNode } from 'react';
import { t } from '../../i18n';
import './offline.css';

interface Props {
  /** Changes when the route changes: a new page gets a fresh try. */
  resetKey: string;
  /** Called by Retry before rendering the children again (re-creates the lazy page). */
  onRetry: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
  resetKey: string;
}

/**
 * A lazy page whose code could not be loaded (offline, a deploy replaced the chunk) shows a message
 * with Retry instead of a blank page. Retry imports the page again.
 */
export class ChunkBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: unknown): void {
    console.error('page failed to load', error);
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <section className="offline" role="alert" data-testid="page-load-failed">
        <h2 className="offline__title">{t('errors.pageLoad')}</h2>
        <p>{t('errors.pageLoadHint')}</p>
        <button
          type="button"
          className="button"
          onClick={() => {
            this.props.onRetry();
            this.setState({ failed: false });
          }}
        >
          {t('common.retry')}
        </button>
      </section>
    );
  }
}
