import { create } from 'zustand';

export interface CapturedError {
  url: string;
  message: string;
  stack: string;
  time: number;
}

/** Client errors captured for the 'exception capture' dialog. */
export const useErrorLog = create<{ errors: CapturedError[]; add(e: CapturedError): void; clear(): void }>()((set) => ({
  errors: [],
  add: (e) => set((s) => ({ errors: [...s.errors.slice(-49), e] })),
  clear: () => set({ errors: [] }),
}));
