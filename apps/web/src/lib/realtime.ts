import { HEARTBEAT_GROWTH_MS, HEARTBEAT_INTERVAL_MS, WsCode } from '@anxun/shared/constants';

/** Spec §4: start at 60 s; +120 s after an answered beat; back to 60 s after a missed one. */
export function nextHeartbeatDelay(current: number, previousAnswered: boolean): number {
  return previousAnswered ? current + HEARTBEAT_GROWTH_MS : HEARTBEAT_INTERVAL_MS;
}

export type RealtimeState = 'connecting' | 'open' | 'closing' | 'closed';

export interface RealtimeHandlers {
  onLoggedInElsewhere(): void;
  onStateChange?(state: RealtimeState): void;
}

/** The realtime connection of one session: opened on login, closed on logout. */
export class RealtimeClient {
  private socket: WebSocket | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delay = HEARTBEAT_INTERVAL_MS;
  private waiting = false;
  private beats = 0;

  constructor(
    private readonly token: string,
    private readonly handlers: RealtimeHandlers,
  ) {}

  open(): void {
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/ws?Authorization=${encodeURIComponent(this.token)}`);
    this.socket = socket;
    this.handlers.onStateChange?.('connecting');
    socket.addEventListener('open', () => {
      this.handlers.onStateChange?.('open');
      this.schedule();
    });
    socket.addEventListener('message', (event) => this.receive(event.data));
    socket.addEventListener('close', () => {
      this.stopTimer();
      this.handlers.onStateChange?.('closed');
    });
  }

  close(): void {
    this.stopTimer();
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) {
      this.handlers.onStateChange?.('closing');
      this.socket.close(1000, 'logout');
    }
    this.socket = undefined;
  }

  private receive(data: unknown): void {
    let code: unknown;
    try {
      code = (JSON.parse(String(data)) as { code?: unknown }).code;
    } catch {
      return;
    }
    if (code === WsCode.HEARTBEAT_ACK) this.waiting = false;
    if (code === WsCode.LOGGED_IN_ELSEWHERE) this.handlers.onLoggedInElsewhere();
  }

  private schedule(): void {
    this.timer = setTimeout(() => {
      if (this.beats > 0) this.delay = nextHeartbeatDelay(this.delay, !this.waiting);
      this.beats++;
      this.waiting = true;
      this.socket?.send(JSON.stringify({ code: WsCode.HEARTBEAT }));
      this.schedule();
    }, this.delay);
  }

  private stopTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }
}
