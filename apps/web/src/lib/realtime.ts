import { HEARTBEAT_GROWTH_MS, HEARTBEAT_INTERVAL_MS, WsCode } from '@anxun/shared/constants';

/** Spec §4: start at 60 s; +120 s after an answered beat; back to 60 s after a missed one. */
export function nextHeartbeatDelay(current: number, previousAnswered: boolean): number {
  return previousAnswered ? current + HEARTBEAT_GROWTH_MS : HEARTBEAT_INTERVAL_MS;
}

export type RealtimeState = 'connecting' | 'open' | 'closing' | 'closed';

export interface RealtimeMessage {
  code: number;
  data?: unknown;
}

const listeners = new Set<(message: RealtimeMessage) => void>();

/** Hears every message the server pushes to this session (a face check decided on a phone…). */
export function onRealtimeMessage(listener: (message: RealtimeMessage) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export interface RealtimeHandlers {
  onLoggedInElsewhere(): void;
  /** the server refused the token (expired or unknown): renew and reconnect */
  onUnauthorized?(): void;
  onStateChange?(state: RealtimeState): void;
}

const CLOSE_UNAUTHORIZED = 4001;
const CLOSE_LOGGED_IN_ELSEWHERE = 4003;
const CLOSE_LOGGED_OUT = 4004;
/** the session has its tabs' worth of sockets: try again slowly (one of them may close) */
const CLOSE_TOO_MANY = 4008;
const RECONNECT_MAX_MS = 30_000;

/** The realtime connection of one session: opened on login, closed on logout. */
export class RealtimeClient {
  private socket: WebSocket | undefined;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private delay = HEARTBEAT_INTERVAL_MS;
  private waiting = false;
  private beats = 0;
  private closedByUs = false;
  private reconnectDelay = 1000;
  private reconnectTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly token: string,
    private readonly handlers: RealtimeHandlers,
  ) {}

  open(): void {
    this.closedByUs = false;
    const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
    const socket = new WebSocket(`${scheme}://${location.host}/ws?Authorization=${encodeURIComponent(this.token)}`);
    this.socket = socket;
    this.handlers.onStateChange?.('connecting');
    socket.addEventListener('open', () => {
      this.handlers.onStateChange?.('open');
      this.reconnectDelay = 1000;
      this.delay = HEARTBEAT_INTERVAL_MS;
      this.beats = 0;
      this.waiting = false;
      this.schedule();
    });
    socket.addEventListener('message', (event) => this.receive(event.data));
    socket.addEventListener('close', (event) => {
      this.stopTimer();
      this.handlers.onStateChange?.('closed');
      if (this.closedByUs || socket !== this.socket) return;
      if (event.code === CLOSE_LOGGED_IN_ELSEWHERE) this.handlers.onLoggedInElsewhere();
      // logged out by someone else (a manager disabled the account or reset its password; the
      // session ended elsewhere): the renewal is refused and the page goes to the login, at once
      // rather than at the next request
      else if (event.code === CLOSE_UNAUTHORIZED || event.code === CLOSE_LOGGED_OUT) this.handlers.onUnauthorized?.();
      else if (event.code === CLOSE_TOO_MANY) {
        this.reconnectDelay = RECONNECT_MAX_MS;
        this.reconnect();
      } else this.reconnect();
    });
  }

  /** A dropped connection (network, proxy idle timeout, server restart) comes back with backoff. */
  private reconnect(): void {
    this.reconnectTimer = setTimeout(() => this.open(), this.reconnectDelay);
    this.reconnectDelay = Math.min(this.reconnectDelay * 2, RECONNECT_MAX_MS);
  }

  close(): void {
    this.closedByUs = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.stopTimer();
    if (this.socket && this.socket.readyState <= WebSocket.OPEN) {
      this.handlers.onStateChange?.('closing');
      this.socket.close(1000, 'logout');
    }
    this.socket = undefined;
  }

  private receive(data: unknown): void {
    let message: RealtimeMessage;
    try {
      message = JSON.parse(String(data)) as RealtimeMessage;
    } catch {
      return;
    }
    if (message.code === WsCode.HEARTBEAT_ACK) this.waiting = false;
    if (message.code === WsCode.LOGGED_IN_ELSEWHERE) this.handlers.onLoggedInElsewhere();
    for (const listener of listeners) listener(message);
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
