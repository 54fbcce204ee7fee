/** What the checkout form needs from any card widget (our test form or Stripe Elements). */
export interface CardWidgetHandle {
  /** Asks the payment provider for a card token; rejects with the provider's message. */
  createToken(): Promise<string>;
}

/** The widget's state as it reports it: complete once every field is filled, plus its current error. */
export interface CardWidgetState {
  complete: boolean;
  error: string | null;
}
