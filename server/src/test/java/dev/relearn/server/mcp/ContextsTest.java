package dev.relearn.server.mcp;

import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

/** At most 64 contexts are kept, never losing the current one; every tool strips a context id. */
class ContextsTest {
  @Test
  void atMost64ContextsAreKeptEvenWhileTheCurrentOneIsNotUsed() {
    Contexts contexts = new Contexts("test-session");
    SessionContext task = contexts.set("task", null);
    SessionContext first = contexts.get("first");
    for (int i = 0; i < 2 * Contexts.MAX_CONTEXTS; i++) { // the agent names contexts per call
      contexts.get("other-" + i);
    }
    assertNotSame(first, contexts.get("first"), "128 newer contexts: 'first' was forgotten");
    assertSame(task, contexts.get(null), "the current one is kept");
    assertSame(task, contexts.get("task"));
  }

  @Test
  void aContextIdNamesTheSameContextWhateverSpacesSurroundIt() {
    Contexts contexts = new Contexts(null);
    SessionContext set = contexts.set("task-1 ", null);
    assertSame(set, contexts.get("task-1 "));
    assertSame(set, contexts.get(" task-1"));
  }
}
