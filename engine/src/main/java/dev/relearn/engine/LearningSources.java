package dev.relearn.engine;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.schema.LearnedValuesSource;
import java.util.Objects;

/**
 * Where a learned search finds what feedback taught: similar past queries, and each chunk's
 * learned values. A read-write engine takes both from its feedback store; a read-only one looks
 * past queries up in the writer's last checkpoint and reads the committed learned fields.
 *
 * @param lookup the similar-query lookup ({@link FeedbackLookup#NONE} when there is none)
 * @param learned where learned values are read
 */
record LearningSources(FeedbackLookup lookup, LearnedValuesSource learned) {
  LearningSources {
    Objects.requireNonNull(lookup, "lookup");
    Objects.requireNonNull(learned, "learned");
  }
}
