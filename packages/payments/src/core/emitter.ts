/** A minimal typed event emitter (braintree-web instances' `on`/`off`). */
export class Emitter<Events extends string, Payload> {
  private readonly handlers = new Map<Events, Set<(payload: Payload) => void>>();

  on(event: Events, handler: (payload: Payload) => void): void {
    let set = this.handlers.get(event);
    if (!set) this.handlers.set(event, (set = new Set()));
    set.add(handler);
  }

  off(event: Events, handler: (payload: Payload) => void): void {
    this.handlers.get(event)?.delete(handler);
  }

  emit(event: Events, payload: Payload): void {
    for (const handler of [...(this.handlers.get(event) ?? [])]) handler(payload);
  }

  clear(): void {
    this.handlers.clear();
  }
}
