import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button';
import { EmptyState, LoadError, Notice, Skeleton } from '../../../components/load-states';
import { Pagination } from '../../../components/pagination';
import { SectionCard } from '../../../components/section-card';
import { TextAreaField } from '../../../components/text-field';
import { useKycVerified } from '../../../hooks/use-kyc-status';
import { REVIEW_COMMENT_MAX } from '../../../shared/api/autotrade-strategies';
import { useMyStrategyHistory, useRateStrategy } from '../api/use-member-strategies';
import { useStrategyReviews } from '../api/use-strategies';
import { useCheckSubscription } from '../api/use-subscribe';
import { useAutotradeErrorText } from '../hooks/use-autotrade-error-text';
import { formatDate } from '../utils/format';
import styles from './autotrade.module.css';

function Stars({ rating }: { rating: number }) {
  const full = Math.round(rating);
  return (
    <span className={styles.stars} aria-hidden="true">
      {'★'.repeat(full)}
      {'☆'.repeat(5 - full)}
    </span>
  );
}

/** Whether the member follows the strategy now or did before (only they may rate it). */
function useIsSubscriber(strategyId: number, loggedIn: boolean): boolean {
  const kyc = useKycVerified({ enabled: loggedIn });
  const check = useCheckSubscription(strategyId, loggedIn && kyc.verified === true);
  const history = useMyStrategyHistory(loggedIn);
  if (!loggedIn) return false;
  if (check.data?.subscription) return true;
  return (history.data?.list ?? []).some((item) => item.subscription.strategyId === strategyId);
}

/** Reviews, newest first, with the average rating; "Rate this product" for a subscriber. */
export function StrategyReviews({
  strategyId,
  loggedIn,
}: {
  strategyId: number;
  loggedIn: boolean;
}) {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const [page, setPage] = useState(1);
  const reviews = useStrategyReviews(strategyId, page);
  const subscriber = useIsSubscriber(strategyId, loggedIn);
  const rating = reviews.data?.rating ?? null;
  return (
    <SectionCard
      title={t('reviews.title')}
      description={
        rating === null
          ? undefined
          : t('reviews.average', { rating: rating.toFixed(1), count: reviews.data?.total ?? 0 })
      }
      data-testid="autotrade-reviews"
    >
      {reviews.isPending ? (
        <Skeleton lines={3} testId="autotrade-reviews-loading" />
      ) : reviews.isError ? (
        <LoadError
          message={errorText(reviews.error)}
          onRetry={() => reviews.refetch()}
          testId="autotrade-reviews-error"
        />
      ) : reviews.data.list.length === 0 ? (
        <EmptyState title={t('reviews.empty')} testId="autotrade-reviews-empty" />
      ) : (
        <>
          <ul className={styles.reviews}>
            {reviews.data.list.map((review) => (
              <li key={review.id} className={styles.review} data-testid="autotrade-review">
                <span>
                  <Stars rating={review.rating} />{' '}
                  <span className={styles.visuallyHidden}>
                    {t('reviews.stars', { count: review.rating })}
                  </span>
                  <strong>{review.nickname}</strong>{' '}
                  <span className={styles.muted}>{formatDate(review.updatedAt)}</span>
                </span>
                {review.comment ? <p className={styles.lead}>{review.comment}</p> : null}
              </li>
            ))}
          </ul>
          {reviews.data.total > reviews.data.pageSize ? (
            <Pagination
              page={reviews.data.page}
              pageSize={reviews.data.pageSize}
              total={reviews.data.total}
              onPageChange={setPage}
              label={t('reviews.pages')}
              busy={reviews.isFetching}
              testIdPrefix="autotrade-reviews-page"
            />
          ) : null}
        </>
      )}
      {subscriber ? <RateForm strategyId={strategyId} /> : null}
    </SectionCard>
  );
}

function RateForm({ strategyId }: { strategyId: number }) {
  const { t } = useTranslation('autotrade');
  const errorText = useAutotradeErrorText();
  const rate = useRateStrategy(strategyId);
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [missing, setMissing] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (rating < 1) {
      setMissing(true);
      return;
    }
    await rate.mutateAsync({ rating, comment: comment.trim() }).catch(() => undefined);
  }

  return (
    <form className={styles.form} onSubmit={submit} data-testid="autotrade-rate">
      <h3 className={styles.chartTitle}>{t('reviews.rate')}</h3>
      <fieldset className={styles.starPicker}>
        <legend className={styles.visuallyHidden}>{t('reviews.yourRating')}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <button
            key={value}
            type="button"
            className={styles.starButton}
            aria-pressed={rating >= value}
            aria-label={t('reviews.stars', { count: value })}
            onClick={() => {
              setRating(value);
              setMissing(false);
              rate.reset();
            }}
            data-testid={`autotrade-rate-star-${value}`}
          >
            <span aria-hidden="true">{rating >= value ? '★' : '☆'}</span>
          </button>
        ))}
      </fieldset>
      {missing ? (
        <p className={styles.error} role="alert" data-testid="autotrade-rate-missing">
          {t('reviews.ratingRequired')}
        </p>
      ) : null}
      <TextAreaField
        label={t('reviews.comment')}
        value={comment}
        maxLength={REVIEW_COMMENT_MAX}
        onChange={(event) => {
          setComment(event.target.value);
          rate.reset();
        }}
        hint={t('reviews.commentHint', { max: REVIEW_COMMENT_MAX })}
        data-testid="autotrade-rate-comment"
      />
      {rate.isError ? (
        <p className={styles.error} role="alert" data-testid="autotrade-rate-error">
          {errorText(rate.error)}
        </p>
      ) : null}
      {rate.isSuccess ? (
        <Notice tone="success" testId="autotrade-rate-done">
          {t('reviews.saved')}
        </Notice>
      ) : null}
      <div className={styles.actions}>
        <Button type="submit" busy={rate.isPending} data-testid="autotrade-rate-submit">
          {t('reviews.submit')}
        </Button>
      </div>
    </form>
  );
}
