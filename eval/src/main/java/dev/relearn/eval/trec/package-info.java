/**
 * TREC run files ({@code qid Q0 docno rank score tag}), written and read with trec_eval's
 * ordering, so that relearn's runs can be scored by trec_eval itself and runs from other systems
 * by relearn.
 */
package dev.relearn.eval.trec;
