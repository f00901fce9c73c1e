package dev.relearn.opensearch.feedback;

import org.opensearch.test.OpenSearchTestCase;

/** The learner logs a failure that recurs every pass once, and again after a success. */
public class RepeatedFailureTest extends OpenSearchTestCase {
  public void testAFailureIsNewOnlyWhenItDiffersFromTheLastOrFollowsASuccess() {
    RepeatedFailure failures = new RepeatedFailure();
    assertTrue(failures.isNew(new IllegalStateException("index [a-learned] blocked")));
    assertFalse(failures.isNew(new IllegalStateException("index [a-learned] blocked")));
    assertTrue(failures.isNew(new IllegalStateException("index [b-learned] blocked")));
    assertTrue("another kind of failure with the same message",
        failures.isNew(new IllegalArgumentException("index [b-learned] blocked")));
    failures.succeeded();
    assertTrue(failures.isNew(new IllegalArgumentException("index [b-learned] blocked")));
  }
}
