/** The two services a questionnaire can be (spec: order-flow 5, admin-and-evaluation 5). */
export type QuestionnaireType = 'mysteryShop' | 'customerSurvey';

/** How often a recurring shop repeats (spec: order-flow 9). */
export type FrequencyPeriod = 'week' | 'month' | 'quarter';

/** Money is always integer cents between modules (ARCHITECTURE: domain words). */
export type Cents = number;
