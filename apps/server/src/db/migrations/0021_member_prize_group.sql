-- A member's own lottery prize group (issue 14, modules/lottery): the group the member plays at
-- (the highest bet group allowed, and the top of the rebate (own - bet group) / 2000 of the
-- stake). null: the merchant's default (config lottery.prizeGroups.default). Set by the operator
-- (`npm run ops -- lottery prize-group ACCOUNT GROUP`, audited) within the merchant's range; a
-- group left outside a range narrowed later plays at the range's nearest end.
ALTER TABLE members ADD COLUMN lottery_prize_group integer CHECK (lottery_prize_group BETWEEN 1 AND 1999);
