/**
 * The one catalogue of error codes. Codes are stable: clients switch on them, never on messages.
 * The message is a plain English default; the web app shows its own translated text per code.
 */
export const errorCatalogue = {
  'merchant.required': { status: 400, message: 'The Merchant header is required.' },
  'merchant.unknown': { status: 400, message: 'The merchant is not known.' },
  'function.not.available': { status: 400, message: 'This function is not available.' },
  'request.invalid': { status: 400, message: 'The request is not valid.' },
  'request.malformed': { status: 400, message: 'The request body could not be read.' },
  'payload.too.large': { status: 413, message: 'The request is too large.' },
  'media.unsupported': { status: 415, message: 'The content type is not supported.' },
  'request.header.too.large': { status: 431, message: 'The request headers or address are too large.' },
  'request.timeout': { status: 408, message: 'The request took too long to arrive.' },
  'route.not.found': { status: 404, message: 'There is no such call.' },
  'feature.disabled': { status: 403, message: 'This feature is not enabled for the merchant.' },
  'user.or.token.invalid': { status: 401, message: 'The session is not valid. Please sign in again.' },
  TOO_MANY_REQUESTS: { status: 429, message: 'Too many requests. Please try again after 5 minutes.' },
  'region.restricted': { status: 403, message: 'Access from your region is restricted.' },
  'system.maintenance': { status: 503, message: 'The system is under maintenance.' },
  'ops.unauthorized': { status: 401, message: 'The operator token is missing or wrong.' },
  'ops.invalid': { status: 400, message: 'The operator command is not valid.' },
  // The operator console (operators are staff of the merchant, not members).
  'console.login.failed': { status: 400, message: 'Wrong name, password or authenticator code.' },
  'console.locked': { status: 403, message: 'Too many failed sign-ins: the account is locked for a while.' },
  'console.forbidden': { status: 403, message: 'Your role does not allow this.' },
  'console.session.invalid': {
    status: 401,
    message: 'Your console session has ended. Please sign in again.',
  },
  'console.enrolment.invalid': { status: 400, message: 'This enrolment link is not valid or has expired.' },
  'console.network.refused': { status: 403, message: 'Console access is not allowed from this network.' },
  'console.approval.own': { status: 403, message: 'A second operator must approve what you asked for.' },
  'console.request.foreign': { status: 403, message: 'The request did not come from the console.' },
  'system.error': { status: 500, message: 'Something went wrong on our side. Please try again.' },
  // Accounts and sessions. Login failures are 400, not 401: a 401 ends the client's session.
  'login.failed': { status: 400, message: 'Wrong account or password.' },
  'login.agent.only': { status: 403, message: 'Only agents can sign in here.' },
  'login.not.member': { status: 403, message: 'This account cannot sign in here.' },
  /** LOGINIPVERF3: details.channel (sms or email) and details.destination (masked). */
  'login.ip.verification': {
    status: 400,
    message: 'You are signing in from a new network. Enter the code we have just sent you.',
  },
  /** The channel asked for is not one of the member's (details.channels lists them). */
  'login.ip.channel.unavailable': {
    status: 400,
    message: 'This way of verifying is not available for your account. Choose another one.',
  },
  /** channel bank: the name is not the real name of one of the member's withdrawal accounts. */
  'login.ip.name.wrong': { status: 400, message: 'The real name does not match. Please try again.' },
  /** The merchant ends a session used from another address than its sign-in's. */
  token_ip_different: {
    status: 401,
    message: 'Your network changed, so you were signed out for your safety. Please sign in again.',
  },
  /** The merchant requires the second factor for this action and the member has none bound. */
  'two.factor.required': {
    status: 403,
    message: 'Bind an authenticator app in the security centre first: this action needs its code.',
  },
  /** The merchant requires the second factor for this action: send twoFactorCode. */
  'two.factor.code.required': {
    status: 400,
    message: 'Enter the code of your authenticator app to continue.',
  },
  // Bindings (email, mobile, Google and Facebook).
  'binding.taken': { status: 409, message: 'This address is already used by another account.' },
  'binding.same': { status: 400, message: 'This address is already bound to your account.' },
  'binding.password.required': {
    status: 400,
    message: 'Set a login password first: binding asks for it.',
  },
  'social.already.linked': {
    status: 409,
    message: 'This sign-in account is already linked to an account here.',
  },
  'social.not.linked': { status: 409, message: 'This sign-in is not linked to your account.' },
  'social.unlink.password.required': {
    status: 400,
    message: 'Set a login password before unlinking: you could not sign in otherwise.',
  },
  'login.ip.unverifiable': {
    status: 403,
    message:
      'Signing in from a new network needs a verified mobile number or email. Please contact customer service.',
  },
  /**
   * Not a failure of the first factor: the member has two-factor sign-in on, so no session yet.
   * details.ticket (answer it with POST /wps/session/login/twofactor) and details.expiresInSeconds.
   */
  'login.two.factor': {
    status: 400,
    message: 'Enter the code of your authenticator app to finish signing in.',
  },
  /** details.attemptsLeft on the sign-in's second step. */
  'two.factor.code.invalid': { status: 400, message: 'The code is wrong. Please try again.' },
  /** The ticket is unknown, used or burnt by wrong codes: the sign-in starts again. */
  'two.factor.ticket.invalid': {
    status: 400,
    message: 'This sign-in attempt is no longer valid. Please sign in again.',
  },
  'two.factor.ticket.expired': {
    status: 400,
    message: 'This sign-in attempt has expired. Please sign in again.',
  },
  'two.factor.already.bound': { status: 409, message: 'An authenticator app is already bound.' },
  'two.factor.not.bound': { status: 409, message: 'No authenticator app is bound.' },
  'two.factor.not.started': {
    status: 409,
    message: 'Start binding again: there is no key waiting to be confirmed.',
  },
  /** SMS-only and social accounts set a login password first (POST /wps/member/password). */
  'two.factor.password.required': {
    status: 400,
    message: 'Set a login password before binding an authenticator app.',
  },
  /** Security centre: the session is not one of the member's live sessions (or is this one). */
  'session.not.found': { status: 404, message: 'There is no such session.' },
  'session.view.only': {
    status: 403,
    message: 'This is a read-only view of the account opened by an operator: nothing can be changed.',
  },
  'session.current': { status: 400, message: 'This is the session you are using: sign out instead.' },
  'sign.in.not.found': { status: 404, message: 'There is no such sign-in.' },
  /** Session hand-off: the ticket is unknown, used, revoked or its member may not sign in. */
  'handoff.ticket.invalid': { status: 400, message: 'This sign-in link is not valid. Please sign in.' },
  'handoff.ticket.expired': { status: 400, message: 'This sign-in link has expired. Please sign in.' },
  /** The account name (or the client) is locked after failed attempts: details.retryAfterSeconds;
   * the message names the minutes left. A known device or network still signs in. */
  'login.locked': { status: 429, message: 'Too many failed attempts. Please try again later.' },
  'login.unlock.invalid': {
    status: 400,
    message: 'This unlock link is not valid, was already used or has expired. Please ask for a new one.',
  },
  'captcha.required': { status: 400, message: 'Please complete the verification image.' },
  'captcha.invalid': {
    status: 400,
    message: 'The verification image answer is wrong. Please try a new one.',
  },
  'encryption.required': { status: 400, message: 'This call needs an encrypted body.' },
  'encryption.invalid': {
    status: 400,
    message: 'The encrypted body could not be read. Fetch the key again.',
  },
  'encryption.unstamped': {
    status: 400,
    message: 'The encrypted body needs a ts (epoch ms) and a random jti in its protected header.',
  },
  'encryption.stale': {
    status: 400,
    message: "The encrypted body is dated more than 2 minutes from the server's time. Encrypt it again.",
  },
  'encryption.replayed': {
    status: 409,
    message: 'This encrypted body was already used. Encrypt the request again.',
  },
  'account.exists': { status: 409, message: 'This account name is already taken.' },
  'mobile.exists': { status: 409, message: 'This mobile number is already registered.' },
  'affiliate.invalid': { status: 400, message: 'Invalid invitation code.' },
  'sms.code.invalid': { status: 400, message: 'Enter a valid verification code.' },
  'sms.code.expired': { status: 400, message: 'The verification code has expired. Please send again.' },
  'phone.token.invalid': {
    status: 400,
    message: 'The phone verification is not valid or has expired. Please send the code again.',
  },
  'phone.token.mismatch': { status: 400, message: 'The verified number is not the number being registered.' },
  'phone.verification.unavailable': {
    status: 502,
    message: 'The phone verification service could not be reached. Please try again later.',
  },
  'sms.send.failed': { status: 502, message: 'The SMS could not be sent. Please try again later.' },
  'email.send.failed': { status: 502, message: 'The email could not be sent. Please try again later.' },
  'reset.code.invalid': { status: 400, message: 'The reset code is not valid.' },
  'reset.code.expired': { status: 400, message: 'The reset code has expired. Please request a new one.' },
  'user.or.email.not.exist': { status: 400, message: 'Username or email does not exist.' },
  'password.mismatch': { status: 400, message: 'The two entries differ.' },
  'password.invalid': { status: 400, message: 'The password format is incorrect.' },
  'password.old.wrong': { status: 400, message: 'The current password is wrong.' },
  'validation.failed': { status: 400, message: 'Some fields are not valid.' },
  /** The web shows its in_need_true_account text for this code. */
  'trial.forbidden': { status: 403, message: 'You need a real account for this.' },
  // Games. The web reacts to the first two as api-notes says (deposit offer; maintenance times).
  launch_game_balance_not_enough: {
    status: 400,
    message: 'Your balance is not enough to play. Please deposit first.',
  },
  /** details.start and details.end: the window, epoch ms as decimal strings. */
  vendor_under_maintenance: { status: 503, message: 'This game provider is under maintenance.' },
  /** The page calling the API is on a domain that is not the merchant's (spec §8 invalid URL). */
  domain_not_available: {
    status: 403,
    message: 'This site address is not recognised. Please contact customer service.',
  },
  'vendor.not.contracted': {
    status: 400,
    message: 'This game provider is not available on this site yet. Please choose another game.',
  },
  'game.unknown': { status: 404, message: 'There is no such game.' },
  'game.free.play.unavailable': { status: 400, message: 'This game cannot be played for free.' },
  /** Free play is the trial accounts' entry; members play for real. */
  'game.free.play.trial.only': { status: 403, message: 'Free play is for trial accounts.' },
  'bet.not.found': { status: 404, message: 'There is no such bet.' },
  'article.not.found': { status: 404, message: 'There is no such article.' },
  /** details.max: how many favourites a member may keep. */
  'game.favourites.full': { status: 409, message: 'Your favourite games list is full. Remove one first.' },
  // The in-house game pages (/play/api/*). A page tells the player to relaunch from the lobby
  // after the first three.
  'play.launch.invalid': {
    status: 401,
    message: 'This game link is not valid any more. Please launch the game again from the lobby.',
  },
  'play.session.invalid': {
    status: 401,
    message: 'The game session is not valid. Please launch the game again from the lobby.',
  },
  'play.session.expired': {
    status: 401,
    message: 'The game session has expired. Please launch the game again from the lobby.',
  },
  /** details.balance: the balance there is. */
  'play.balance.not.enough': { status: 400, message: 'Your balance is not enough for this bet.' },
  /** details names the field and its limits (min, max, step). */
  'play.stake.invalid': { status: 400, message: 'The stake is outside the limits of this game.' },
  'play.game.mismatch': { status: 400, message: 'This game session is for another game.' },
  'play.game.closed': {
    status: 409,
    message: 'The operator has closed this game: no new round can be played.',
  },
  // Lottery (issue 14). details.reason carries the engine's message where there is one.
  'lottery.game.unknown': { status: 404, message: 'There is no such lottery game.' },
  'lottery.issue.closed': {
    status: 400,
    message: 'Sales for this issue have closed. Please bet on the next one.',
  },
  /** details.ticket (index) and details.reason: the engine's words, e.g. "numbers are 0 to 9; 10 is outside". */
  'lottery.bet.invalid': { status: 400, message: 'This bet is not valid.' },
  'lottery.board.changed': {
    status: 409,
    message: 'The odds have changed. Please check them and bet again.',
  },
  /** details.limit names the limit: stakePerIssue, payoutPerIssue, selection (sold out). */
  'lottery.limit.exceeded': { status: 400, message: 'This bet is over a limit of the game.' },
  'lottery.balance.not.enough': { status: 400, message: 'Your balance is not enough for this bet.' },
  'lottery.ticket.unknown': { status: 404, message: 'There is no such ticket.' },
  'lottery.chase.unknown': { status: 404, message: 'There is no such chase.' },
  /** A lottery launch's backUrl is not on the site's own origin. */
  'lottery.back.url.invalid': { status: 400, message: 'The return address is not on this site.' },
  /** A lottery launch's prize mode is not one the site offers. */
  'lottery.prize.mode.unavailable': { status: 400, message: 'This prize mode is not offered.' },
  'play.wallet.unavailable': {
    status: 503,
    message: 'The game cannot reach your wallet right now. Please try again.',
  },
  // Sign-in with Google or Facebook. The browser gets these as /?authError=<code>, not as JSON.
  'social.provider.disabled': { status: 403, message: 'This sign-in method is not available.' },
  'social.state.invalid': {
    status: 400,
    message: 'The sign-in attempt has expired or is not valid. Please try again.',
  },
  'social.denied': { status: 400, message: 'Sign-in was cancelled. Please try again.' },
  'social.failed': {
    status: 502,
    message: 'The sign-in provider could not complete the sign-in. Please try again.',
  },
  // Wallet and ledger.
  'wallet.insufficient.funds': { status: 400, message: 'The balance is not enough.' },
  'wallet.amount.invalid': { status: 400, message: 'The amount is not valid.' },
  'wallet.account.invalid': { status: 400, message: 'There is no such wallet account.' },
  /** Play money to a real account, an account to itself, a reversal of a reversal. */
  'wallet.transfer.forbidden': { status: 403, message: 'This transfer is not allowed.' },
  'wallet.transfer.not.found': { status: 404, message: 'There is no such transfer.' },
  'wallet.transfer.reversed': { status: 409, message: 'The transfer has already been reversed.' },
  'wallet.busy': { status: 503, message: 'The wallet is busy. Please try again.' },
  // Cashier.
  'cashier.channel.unknown': { status: 400, message: 'There is no such payment channel.' },
  'cashier.amount.out.of.range': {
    status: 400,
    message: 'The amount is outside the allowed range.',
  },
  'cashier.deposit.disabled': { status: 403, message: 'Deposits are not available at the moment.' },
  'cashier.deposit.too.many.pending': {
    status: 409,
    message: 'You have too many deposits in progress. Please wait for them to complete.',
  },
  'cashier.order.not.found': { status: 404, message: 'There is no such order.' },
  'cashier.order.state': { status: 409, message: 'The order cannot do that in its current state.' },
  'cashier.proof.required': { status: 400, message: 'Please upload a proof image.' },
  'cashier.proof.invalid': {
    status: 400,
    message: 'The proof image must be a plain png or jpg file, with nothing else in it, of at most 5 MB.',
  },
  'cashier.reference.required': { status: 400, message: 'Please enter the transfer reference.' },
  'cashier.webhook.signature': { status: 401, message: 'The webhook signature is not valid.' },
  'cashier.webhook.mismatch': { status: 409, message: 'The webhook does not match the order.' },
  'cashier.gateway.unavailable': {
    status: 502,
    message: 'The payment service is not available. Please try again later.',
  },
  'payment.password.required': { status: 400, message: 'Please set a withdraw password first.' },
  'payment.password.invalid': { status: 400, message: 'The withdraw password is wrong.' },
  'payment.password.mismatch': { status: 400, message: 'The two withdraw passwords do not match.' },
  'payment.password.weak': {
    status: 400,
    message: 'The withdraw password is too easy to guess: no repeats, runs or your birthday.',
  },
  'cashier.account.not.found': { status: 404, message: 'There is no such withdrawal account.' },
  'cashier.account.limit': { status: 409, message: 'You cannot bind more withdrawal accounts.' },
  'cashier.account.exists': { status: 409, message: 'This withdrawal account is already bound.' },
  'transfer.no.upline': { status: 400, message: 'Your account has no upline.' },
  'transfer.not.downline': { status: 403, message: 'This member is not one of your downlines.' },
  /** A call of the agent centre (downlines, downline transfers) by a member who is not an agent. */
  'agent.only': { status: 403, message: 'This is for agents only.' },
  /** An agent's password reset of a downline who protects its sign-in with a second factor. */
  'agent.downline.second.factor': {
    status: 409,
    message: 'This member signs in with a second factor; only the member can reset the password.',
  },
  /** A registration link that is not one of the agent's own (or was deleted). */
  'agent.link.unknown': { status: 404, message: 'There is no such registration link.' },
  /** The affiliate application (AFFMAN3): a member who is an agent already cannot apply. */
  'affiliate.already.agent': { status: 409, message: 'You are an agent already.' },
  'affiliate.application.pending': {
    status: 409,
    message: 'Your application to become an agent is being reviewed.',
  },
  'affiliate.application.unknown': { status: 404, message: 'There is no such agent application.' },
  'affiliate.application.reviewed': {
    status: 409,
    message: 'This agent application has already been reviewed.',
  },
  /** Agent contracts (issue 15). A contract the caller is not a party to is unknown to it. */
  'contract.not.found': { status: 404, message: 'There is no such contract.' },
  'contract.kind.disabled': { status: 403, message: 'This kind of contract is not offered.' },
  'contract.downline.invalid': {
    status: 404,
    message: 'A contract can only be offered to one of your direct downline agents.',
  },
  'contract.upline.none': {
    status: 409,
    message: 'You hold no contract of this kind, so you cannot offer one.',
  },
  'contract.terms.invalid': { status: 400, message: 'The contract terms are not valid.' },
  'contract.offer.exists': { status: 409, message: 'An offer of this kind is already waiting.' },
  'contract.state': { status: 409, message: 'The contract cannot do that in its present state.' },
  /** DAYSALMR: a bill the caller may claim is its own; others are unknown to it. */
  'contract.claim.unknown': { status: 404, message: 'There is no such salary to claim.' },
  'contract.claim.state': { status: 409, message: 'This salary is not waiting to be claimed.' },
  'contract.claim.expired': { status: 409, message: 'The time to claim this salary has passed.' },
  'transfer.vendor.unknown': { status: 400, message: 'There is no such game wallet.' },
  'transfer.vendor.unplayable': {
    status: 400,
    message: 'The games of this wallet cannot be played now, so no money can be moved into it.',
  },
  'transfer.single.wallet': {
    status: 400,
    message: 'This site uses one wallet for every game; there is nothing to transfer.',
  },
  // Loyalty (docs/loyalty.md).
  'loyalty.rebate.nothing': { status: 409, message: 'There is no rebate to claim yet.' },
  'loyalty.level.unknown': { status: 400, message: 'There is no such VIP level.' },
  /** details.remainingTurnover: what the open requirements still ask. */
  'loyalty.wagering.open': {
    status: 409,
    message: 'A bonus still has turnover to complete. Complete it or forfeit the bonus to withdraw.',
  },
  'loyalty.bonus.unknown': { status: 404, message: 'There is no such bonus.' },
  'loyalty.bonus.closed': { status: 409, message: 'This bonus has no open requirement to forfeit.' },
  'loyalty.bonus.game.wallets': {
    status: 409,
    message: 'Bring the money in your game wallets back to the main wallet before forfeiting a bonus.',
  },
  'loyalty.referral.nothing': { status: 409, message: 'There is no referral reward to claim yet.' },
  'loyalty.mission.unknown': { status: 404, message: 'There is no such mission.' },
  'loyalty.mission.notClaimable': { status: 409, message: 'This milestone cannot be claimed.' },
  'loyalty.mission.nothing': { status: 409, message: 'There is no mission reward to claim yet.' },
  // The reward centre (docs/loyalty.md "Reward centre").
  'loyalty.reward.notClaimable': { status: 409, message: 'This reward cannot be claimed now.' },
  /** details.kind, details.min, details.value: today's deposit or valid bet is short of the minimum. */
  'loyalty.reward.requirement': {
    status: 409,
    message: "Today's deposit or valid bet has not reached what this reward asks yet.",
  },
  'loyalty.promo.unknown': { status: 404, message: 'There is no such promo code.' },
  'loyalty.promo.expired': { status: 409, message: 'This promo code has expired.' },
  'loyalty.promo.used': { status: 409, message: 'You have already redeemed this promo code.' },
  'loyalty.promo.exhausted': { status: 409, message: 'This promo code has been fully redeemed.' },
  'loyalty.promo.exists': { status: 409, message: 'A promo code with this name already exists.' },
  // Promotions (docs/promotions.md).
  'promo.unknown': { status: 404, message: 'There is no such promotion.' },
  /** Not open now: coming soon, ended, or outside its registration window. */
  'promo.not.open': { status: 400, message: 'This promotion is not open for that now.' },
  /** The call does not fit the promotion's kind (claiming a sign-up promotion, say). */
  'promo.action.invalid': { status: 400, message: 'This promotion does not work that way.' },
  'promo.already.joined': { status: 409, message: 'You have already joined this promotion.' },
  'promo.not.joined': { status: 400, message: 'Join the promotion first.' },
  'promo.condition.unmet': { status: 400, message: 'You do not meet the conditions for the reward yet.' },
  'promo.already.claimed': { status: 409, message: 'You have already received this reward.' },
  'promo.application.pending': { status: 409, message: 'Your application is already being reviewed.' },
  'promo.application.forbidden': { status: 403, message: 'You cannot apply for this promotion.' },
  /** details.index: which image (0-based). */
  'promo.image.invalid': {
    status: 400,
    message: 'Images must be plain png or jpg files, with nothing else in them, of at most 5 MB.',
  },
  'promo.application.unknown': { status: 404, message: 'There is no such application.' },
  'promo.application.reviewed': { status: 409, message: 'This application has already been reviewed.' },
  /** A red-envelope rain between windows; details.nextStart: the next window's start (epoch ms). */
  'promo.rain.closed': { status: 400, message: 'The red-envelope rain is not falling now.' },
  /** The window's budget is spent (what is left is below the smallest envelope). */
  'promo.rain.empty': { status: 409, message: 'Every red envelope of this rain has been taken.' },
  // Support: feedback, messages, chat.
  /** details.minLength and details.maxLength: the merchant's bounds. */
  'support.feedback.length': { status: 400, message: 'The feedback text is too short or too long.' },
  'profile.avatar.invalid': {
    status: 400,
    message: 'The avatar must be a plain png or jpg picture, with nothing else in it, within the size limit.',
  },
  'support.image.invalid': {
    status: 400,
    message:
      'Images must be plain png or jpg files, with nothing else in them, of at most 5 MB, and at most 3 of them.',
  },
  'support.feedback.not.found': { status: 404, message: 'There is no such feedback.' },
  'support.message.not.found': { status: 404, message: 'There is no such message.' },
  'support.chat.room.unknown': { status: 404, message: 'There is no such chat room.' },
  'support.chat.not.found': { status: 404, message: 'There is no such chat message.' },
  /** details.until: epoch ms when the mute ends. */
  'support.chat.muted': { status: 403, message: 'You are muted in the chat for now.' },
  /** details.retryAfterMs. */
  'support.chat.flood': { status: 429, message: 'You are posting too fast. Please wait a moment.' },
  /** Know your customer (docs/kyc.md). */
  'kyc.required': {
    status: 403,
    message:
      'Verification incomplete: please verify your identity in the security centre before withdrawing this amount.',
  },
  'kyc.document.invalid': {
    status: 400,
    message: 'Each document must be a plain png or jpg photo of at most 4 MB, with nothing else in it.',
  },
  'kyc.state': { status: 409, message: 'Your documents are already under review or verified.' },
  /** The idempotency key was used before for a different request. */
  'idempotency.conflict': {
    status: 409,
    message: 'This idempotency key was already used for a different request.',
  },
  // The points mall (docs/loyalty.md, Points mall).
  'points.insufficient': { status: 409, message: 'You do not have enough points.' },
  'points.stock': { status: 409, message: 'This item does not have that many pieces left.' },
  'points.item.unknown': { status: 404, message: 'There is no such item.' },
  'points.convert.off': { status: 409, message: 'Points cannot be bought with cash here.' },
  'points.convert.nothing': { status: 400, message: 'This amount buys no whole point.' },
  'points.redemption.unknown': { status: 404, message: 'There is no such redemption.' },
  'points.redemption.decided': { status: 409, message: 'This redemption was already approved or rejected.' },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof errorCatalogue;

export const isErrorCode = (code: unknown): code is ErrorCode =>
  typeof code === 'string' && Object.hasOwn(errorCatalogue, code);

/** Codes after which the client ends its session (api-notes: force-logout codes). */
export const sessionEndingCodes: readonly string[] = [
  'token_ip_different',
  'user.or.token.invalid',
  'login.not.session',
  'CUSTOMER_NOT_LOGIN',
];
