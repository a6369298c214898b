import { Component, type ReactNode } from 'react';
import { fr } from '../i18n/fr';

/** Render failures show the spec's text instead of a blank page (spec part 1 point 8). */
export class ErrorBoundary extends Component<
  { children: ReactNode; message?: string },
  { hasError: boolean }
> {
  override state = { hasError: false };

  static getDerivedStateFromError(): { hasError: boolean } {
    return { hasError: true };
  }

  override render() {
    if (this.state.hasError) {
      return (
        <p role="alert" className="form-error">
          {this.props.message ?? fr.app.unexpectedError}
        </p>
      );
    }
    return this.props.children;
  }
}
