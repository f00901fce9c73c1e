/**
 * The feedback store: records events durably and keeps the learned fields, the similar-query
 * lookup and the event ledger consistent with the log, across crashes, forgetting and expiry.
 */
package dev.relearn.feedback.store;
