package dev.relearn.lucene.rerank;

/**
 * How far the sessions behind a chunk's learned terms may move it once the trust is fit ({@link
 * LinearModel#capPerSession}): in score, {@code boostCap} per backing session; in ranks, {@code
 * sessionPlaces} candidates of the window per backing session ({@link RankLadder}). Sessions
 * count by their {@link dev.relearn.lucene.feedback.PastQuery#sessionShare}, so the places are
 * {@code ⌊sessionPlaces · s⌋}: a session that repeats its query passes fewer, or none.
 */
final class SessionBound {
  private SessionBound() {}

  /**
   * The cap on the learned terms of {@code features}' chunk in the direction of {@code lift},
   * with s its {@link #backing} sessions: {@code boostCap · s}, and no more than the relevance
   * the chunk needs to pass {@code ⌊sessionPlaces · s⌋} candidates (up) or fall below as many
   * (down), times the relevance weight.
   */
  static double cap(LinearModel model, CandidateFeatures features, boolean lift) {
    double sessions = backing(features.boost(), lift);
    int places = (int) Math.min(Integer.MAX_VALUE, Math.floor(model.sessionPlaces() * sessions));
    double room = lift ? features.ladder().liftRoom(features.relevance(), places)
        : features.ladder().dropRoom(features.relevance(), places);
    double cap = model.boostCap() * sessions;
    return Double.isInfinite(room) ? cap
        : Math.min(cap, model.weight(Feature.RELEVANCE) * room);
  }

  /** The sessions that back {@code boost} in the direction of {@code lift}; 1 when none known. */
  static double backing(LearnedBoost boost, boolean lift) {
    double sessions = lift ? boost.clickSessions() : boost.skipSessions();
    return sessions > 0 ? sessions : 1;
  }
}
