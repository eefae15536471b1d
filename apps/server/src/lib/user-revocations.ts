/**
 * Tells who holds a user's sessions (the embedded broker) that the user's tokens were just ended:
 * logout, a password or level change, deactivation or deletion. The database's token version is the
 * truth for HTTP; this is how live broker connections learn of it at once.
 */
export type UserRevocations = {
  revoked(userId: number): void;
  onRevoked(listener: (userId: number) => void): () => void;
};

export function createUserRevocations(): UserRevocations {
  const listeners = new Set<(userId: number) => void>();
  return {
    revoked(userId) {
      for (const listener of listeners) listener(userId);
    },
    onRevoked(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
