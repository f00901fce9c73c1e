package dev.relearn.engine;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.schema.LearnedValuesSource;
import dev.relearn.lucene.trust.Trust;
import java.util.Objects;

/**
 * Where a learned search finds what feedback taught: similar past queries (or {@link
 * FeedbackLookup#NONE}), each chunk's learned values, and the trust in their vote ({@link
 * ClickTrust}); from the feedback store, or read-only from the writer's last checkpoint.
 */
record LearningSources(FeedbackLookup lookup, LearnedValuesSource learned, Trust trust) {
  LearningSources {
    Objects.requireNonNull(trust, "trust");
    Objects.requireNonNull(lookup, "lookup");
    Objects.requireNonNull(learned, "learned");
  }
}
