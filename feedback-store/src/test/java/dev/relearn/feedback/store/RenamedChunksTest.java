package dev.relearn.feedback.store;

import static dev.relearn.feedback.store.StoreFixture.event;
import static dev.relearn.feedback.store.StoreFixture.unit;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.relearn.feedback.event.EventCodec;
import dev.relearn.feedback.event.FeedbackEvent;
import dev.relearn.feedback.event.ShownResult;
import dev.relearn.feedback.event.SignalClass;
import dev.relearn.lucene.feedback.Outcome;
import dev.relearn.lucene.schema.LearnedValues;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.function.Function;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A renamed chunk's evidence counts for its current id: also when an edit is reverted (ids hash
 * the text, so the chunk gets its old id back), for an event that arrives naming the old id (a
 * client that searched before the re-index), live as after a reopen, and after a crash (renames
 * are logged).
 */
class RenamedChunksTest {
  private static final long T0 = 1_700_000_000_000L;

  @TempDir Path tmp;

  @Test
  void evidenceRecordedWhileAChunkWasRenamedFollowsItWhenTheEditIsReverted() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        store.record(event("e1", store.sessions().hash("alice"), unit(1), "c0", T0));
        store.renameChunks(Map.of("c0", "c3")); // edited
        store.record(event("e2", store.sessions().hash("bob"), unit(2), "c3", T0 + 1000));
        assertEquals(2, store.learned("c3").successes(), "both events count for c3");
        store.renameChunks(Map.of("c3", "c0")); // the edit reverted
        assertEquals(2, store.learned("c0").successes(),
            "both events count for c0 again; c3 holds " + store.learned("c3"));
      }
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertEquals(2, store.learned("c0").successes(), "the same after a reopen");
      }
    }
  }

  @Test
  void evidenceFollowsAChunkEditedTwiceThenReverted() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        store.record(event("e1", store.sessions().hash("alice"), unit(1), "c0", T0));
        store.renameChunks(Map.of("c0", "c3"));
        store.renameChunks(Map.of("c3", "c2"));
        store.renameChunks(Map.of("c2", "c0")); // back to the original text
        assertEquals(1, store.learned("c0").successes(), "e1 counts for c0; c2 holds "
            + store.learned("c2") + ", c3 holds " + store.learned("c3"));
      }
    }
  }

  @Test
  void aChunkRenamedToAnIdWithEvidenceHoldsThatEvidenceLiveAsAfterReopen() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        store.record(event("e1", store.sessions().hash("alice"), unit(1), "c0", T0));
        store.checkpoint();
        LearnedValues used = store.learned("c0");
        // c0's section was deleted, then text was written at c1's place that hashes to c0: the
        // index call writes c0 with the values of c1, its predecessor, which has no evidence
        fixture.indexChunk("c0", LearnedValues.NEUTRAL, store.chunkIndexWrites());
        store.renameChunks(Map.of("c1", "c0"));
        assertEquals(used, fixture.docValues().get("c0"), "e1 counts for c0, not just c1's");
      }
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertEquals(store.learned("c0"), fixture.docValues().get("c0"), "as a reopen has it");
      }
    }
  }

  @Test
  void renamesLoggedBeforeACrashAreReplayedInOrderWithTheEventsAroundThem() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      String bob;
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        store.record(event("e1", store.sessions().hash("alice"), unit(1), "c0", T0));
        bob = store.sessions().hash("bob");
      }
      // a rename, then an event on the new id, logged; the events index never saw them
      fixture.appendToLog(EventCodec.encodeRenames(Map.of("c0", "c3")).getFirst(),
          EventCodec.encode(event("e2", bob, unit(2), "c3", T0 + 1000)));
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertEquals(2, store.learned("c3").successes(), "both events count for c3");
        assertEquals(LearnedValues.NEUTRAL, store.learned("c0"));
      }
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertEquals(2, store.learned("c3").successes(), "the same once the log was trimmed");
      }
    }
  }

  @Test
  void valuesMovedAsTheyAreOnARenameAreThoseARecountGives() throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      Map<String, LearnedValues> live = new TreeMap<>();
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        for (int i = 0; i < 12; i++) { // shown c0, c1; used one of them; four sessions
          String used = "c" + i % 2;
          store.record(new FeedbackEvent("e" + i, store.sessions().hash("s" + i % 4), unit(i),
              List.of(new ShownResult("c0", 1), new ShownResult("c1", 2)), List.of(used),
              i % 3 == 0 ? Outcome.FAILURE : Outcome.SUCCESS, null, null, SignalClass.STRONG,
              T0 + i * 1000L, null));
        }
        Map<String, String> renames = new LinkedHashMap<>();
        renames.put("c0", "c5");
        renames.put("c1", "c6");
        store.renameChunks(renames); // each moves whole: no recount
        store.renameChunks(Map.of("c5", "c7"));
        LearnedValues edited = store.learned("c6");
        store.renameChunks(Map.of("c6", "c1")); // the edit of c1 reverted
        for (String id : List.of("c0", "c1", "c5", "c6", "c7")) {
          live.put(id, store.learned(id));
        }
        assertEquals(LearnedValues.NEUTRAL, live.get("c0"));
        assertEquals(LearnedValues.NEUTRAL, live.get("c6"));
        assertEquals(12, live.get("c7").impressions(), 1e-9, live.toString());
        assertEquals(edited, live.get("c1"));
      }
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        live.forEach((id, values) -> assertEquals(store.learned(id), values, id + " after reopen"));
        store.forgetSession(store.sessions().hash("nobody")); // counts every value again
        live.forEach((id, values) -> assertEquals(store.learned(id), values, id + " recounted"));
      }
    }
  }

  @Test
  void manyRenamesAreLoggedInRecordsTheLogAccepts() {
    Map<String, String> renames = new LinkedHashMap<>();
    for (int i = 0; i < 20_000; i++) {
      renames.put("/origin/a-long-path/file" + i + ".md#old-" + i, "/origin/file" + i + ".md#" + i);
    }
    List<byte[]> records = EventCodec.encodeRenames(renames);
    assertTrue(records.size() > 1, "one record of " + records.getFirst().length + " bytes");
    Map<String, String> decoded = new LinkedHashMap<>();
    records.forEach(record -> {
      assertTrue(record.length < 2 * EventCodec.RENAMES_BUDGET, record.length + " bytes");
      decoded.putAll(EventCodec.decodeRenames(record));
    });
    assertEquals(renames, decoded);
  }

  @Test
  void anEventUsingARenamedIdTeachesItsSuccessorLiveAsAfterReopen() throws Exception {
    LearnedValues live = afterRenameThen(bob -> event("e2", bob, unit(2), "c0", T0 + 1000));
    assertEquals(2, live.successes(), "c3 counts both events");
  }

  @Test
  void aShownListFromBeforeTheRenameCountsForTheSuccessorLiveAsAfterReopen() throws Exception {
    // bob searched before the re-index: c0 (now c3) shown first, c1 used
    LearnedValues live = afterRenameThen(bob -> new FeedbackEvent("e2", bob, unit(2),
        List.of(new ShownResult("c0", 1), new ShownResult("c1", 2)), List.of("c1"),
        Outcome.SUCCESS, null, null, SignalClass.STRONG, T0 + 1000, null));
    assertEquals(2.0, live.impressions(), 1e-9, "c3 was shown in both events");
  }

  /**
   * c3's learned values once c0 was used, renamed to c3, and then the event {@code second}
   * makes of bob's session hash was recorded; they must be what a reopen computes.
   */
  private LearnedValues afterRenameThen(Function<String, FeedbackEvent> second)
      throws Exception {
    try (StoreFixture fixture = new StoreFixture(tmp, T0)) {
      LearnedValues live;
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        store.record(event("e1", store.sessions().hash("alice"), unit(1), "c0", T0));
        store.renameChunks(Map.of("c0", "c3"));
        store.record(second.apply(store.sessions().hash("bob")));
        live = store.learned("c3");
      }
      try (FeedbackStore store = fixture.open(ForgetAllFollowUp.NONE)) {
        assertEquals(store.learned("c3"), live, "what the same events give at open");
      }
      return live;
    }
  }
}
