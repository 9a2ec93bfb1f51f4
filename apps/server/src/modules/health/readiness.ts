/**
 * Whether this instance should be sent traffic (decision 131): `starting` until start-up has
 * migrated the database and listens, `ready`, then `draining` from SIGTERM on. The proxy reads it
 * through `/api/health/ready`.
 */
export class ReadinessState {
  private state: 'starting' | 'ready' | 'draining' = 'starting';

  get current() {
    return this.state;
  }

  markReady(): void {
    if (this.state === 'starting') this.state = 'ready';
  }

  beginDrain(): void {
    this.state = 'draining';
  }
}
