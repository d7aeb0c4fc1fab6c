/** Anything torn down by a driver's `teardown()`. */
export interface Teardownable {
  teardown(): Promise<void>;
}

/**
 * Adds `component` to `set` (what a driver's `teardown()` tears down) and wraps its `teardown` so that tearing it
 * down on its own removes it from `set`. Returns `component`.
 */
export function trackTeardown<T extends Teardownable>(set: Set<Teardownable>, component: T): T {
  set.add(component);
  const teardown = component.teardown.bind(component);
  component.teardown = () => {
    set.delete(component);
    return teardown();
  };
  return component;
}
