-- Custom SQL migration file, put your code below! --
-- Seeds the loyalty rate table (GET /api/v1/common/loyalty): annual rates in percent at loyalty
-- levels 1-4; `fixed` = Stable Income, `pro` = Stable Income Pro. Operators change the row later
-- (npm run ops -- loyalty rates); an existing row is kept.
INSERT INTO "settings" ("key", "value", "updated_at") VALUES (
  'loyalty_rates',
  '{"fixed":[{"currencyName":"USDT","lv1Rate":6,"lv2Rate":7,"lv3Rate":8,"lv4Rate":9},{"currencyName":"USDC","lv1Rate":6,"lv2Rate":7,"lv3Rate":8,"lv4Rate":9},{"currencyName":"BTC","lv1Rate":3,"lv2Rate":3.5,"lv3Rate":4,"lv4Rate":4.5},{"currencyName":"ETH","lv1Rate":4,"lv2Rate":4.5,"lv3Rate":5,"lv4Rate":5.5}],"pro":[{"currencyName":"USDT","lv1Rate":8,"lv2Rate":9,"lv3Rate":10,"lv4Rate":12},{"currencyName":"USDC","lv1Rate":8,"lv2Rate":9,"lv3Rate":10,"lv4Rate":12}]}'::jsonb,
  now()
) ON CONFLICT ("key") DO NOTHING;
