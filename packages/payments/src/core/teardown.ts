/** Anything torn down by a driver's `teardown()`. */
export interface Teardownable {
  teardown(): Promise<void>;
}

/**
 * Adds `component` to `set` (what a driver's `teardown()` tears down) and wraps its `teardown` so that tearing it
 * down on its own removes it from `set`, and a second teardown (its owner's and the driver's, racing) gets the first
 * one's promise instead of braintree-web's METHOD_CALLED_AFTER_TEARDOWN. Returns `component`.
 */
export function trackTeardown<T extends Teardownable>(set: Set<Teardownable>, component: T): T {
  set.add(component);
  const teardown = component.teardown.bind(component);
  let tornDown: Promise<void> | undefined;
  component.teardown = () => {
    set.delete(component);
    tornDown ??= teardown();
    return tornDown;
  };
  return component;
}
