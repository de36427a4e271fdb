import { wireTimestamp } from "../dataset/timestamps";

/**
 * The moments revisions stamp: now, to the second, and always later than the last one, so that two
 * revisions in one second still order and `updated_since` tells them apart.
 */
export class RevisionClock {
  private last = 0;

  /** 0 until the first change; moves with every change, so that answers kept from before are not served after */
  get latest(): number {
    return this.last;
  }

  next(): string {
    const now = Math.floor(Date.now() / 1000) * 1000;
    this.last = Math.max(now, this.last + 1000);
    return wireTimestamp(this.last);
  }
}
