package dev.relearn.engine;

import dev.relearn.lucene.feedback.FeedbackLookup;
import dev.relearn.lucene.schema.LearnedValuesSource;
import dev.relearn.lucene.trust.Trust;
import java.util.Objects;

/**
 * Where a learned search finds what feedback taught: similar past queries, and each chunk's
 * learned values. A read-write engine takes both from its feedback store; a read-only one looks
 * past queries up in the writer's last checkpoint and reads the committed learned fields.
 *
 * @param lookup the similar-query lookup ({@link FeedbackLookup#NONE} when there is none)
 * @param learned where learned values are read
 * @param trust how far the vote of similar past queries is trusted ({@link ClickTrust})
 */
record LearningSources(FeedbackLookup lookup, LearnedValuesSource learned, Trust trust) {
  LearningSources {
    Objects.requireNonNull(trust, "trust");
    Objects.requireNonNull(lookup, "lookup");
    Objects.requireNonNull(learned, "learned");
  }
}
