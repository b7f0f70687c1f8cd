// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";

/// @title BinFi paired-risk pool
/// @notice Each round (fund) pairs Ultra Rock (the stable supplier side, `supply`) with Ultra
/// Flame (the leveraged taker side, `take`), in whole units of one USDT unit price.
/// `rockPerFlame` Rock units are matched with each Flame unit (Flame's leverage is
/// rockPerFlame + 1).
///
/// States: Raising -> Matched -> Running -> StoppedOut | Matured -> Settled, and
/// Raising -> Unmatched when nothing can be paired.
/// 1. Raising: the operator `createFund`s the round. Members order 1..5 units per call inside the
///    window, within the side's capacity and the round's per-account cap, with a pass: General,
///    Locking (lockPerUnit BCNT per unit held here until the stake ends) or HODL (an EIP-712 pass
///    signed by an operator for account, round and expiry, usable once per account and round).
///    Private rounds need a signed pass for every order. Each order stores the units of its side
///    ordered before it.
/// 2. Matched (`matchFund`, after the window): matchedFlame = min(flame, rock / rockPerFlame),
///    matchedRock = matchedFlame x rockPerFlame. Each side's cutoff gives every order its matched
///    units in O(1) (first come, first served). The unmatched value becomes payout period 0 (the
///    refund), paid by the operator's batch the next day or claimed by the member.
/// 3. Running (`startFund`): the matched capital goes to custody (the trading account); the term
///    runs from here. The operator funds Rock's monthly reward periods (`fundReward`). A Rock
///    order may `redeem`: irreversible, it enters a first-in-first-out queue that the operator
///    pays in bounded steps (`payRedemptions`, amounts computed off chain), and it gets no period
///    funded after it left.
/// 4. StoppedOut (`stopLoss`): Rock's reward ends and the operator has STOP_LOSS_RETURN (3 days)
///    to `settle`; after that anyone may `markDefault`: the round ends with what it holds.
///    Matured (`mature`, anyone, at maturity). Settled (`settle`): the last period pays each
///    side's rate per unit (capital and result).
///
/// Payouts: every period has a rate per unit per side (WAD-scaled USDT base units); an order's
/// amount is units x rate / 1e18 rounded down, and a period's funding is the eligible units x
/// rate rounded down, so the orders of a period never receive more than it was funded with.
/// One internal path (`_pay`) serves the member's `claim` and the operator's `payout` batch: each
/// order has a cursor (the next period it has not received) that only moves forward, the state
/// is written before the transfer, and a transfer that fails (a blacklisted recipient) is
/// credited as owed to the member (`withdrawOwed`) instead of reverting the batch.
/// @dev Roles: DEFAULT_ADMIN_ROLE manages roles and the custody address; OPERATOR_ROLE runs the
/// rounds and signs passes.
contract BinFiPool is AccessControl, ReentrancyGuard, EIP712 {
    using SafeERC20 for IERC20;

    /// @notice Role for the platform's back end (and the key that signs passes).
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    /// @notice "Single purchase limit is five units."
    uint256 public constant MAX_UNITS_PER_ORDER = 5;
    /// @notice Orders per `payout` call and redemptions per `payRedemptions` call.
    uint256 public constant MAX_BATCH = 100;
    /// @notice Payout periods per round: the refund, the reward months and the settlement.
    uint256 public constant MAX_PERIODS = 16;
    /// @notice Rates per unit are scaled by 1e18.
    uint256 public constant WAD = 1e18;
    /// @notice After a stop-loss, the time the operator has to return the funds and settle.
    uint64 public constant STOP_LOSS_RETURN = 3 days;
    uint256 public constant MAX_ROCK_PER_FLAME = 9;
    bytes32 public constant PASS_TYPEHASH = keccak256("Pass(address account,uint256 fundId,uint64 expiry)");

    enum Side {
        Rock,
        Flame
    }

    enum Pass {
        General,
        Hodl,
        Locking
    }

    enum Status {
        None,
        Raising,
        Matched,
        Unmatched,
        Running,
        StoppedOut,
        Matured,
        Settled
    }

    enum PeriodKind {
        Refund,
        Reward,
        Settlement
    }

    struct FundParams {
        uint256 unitPrice; // USDT (6 decimals) per unit, both sides
        uint256 capacity; // Flame units; Rock's capacity is capacity x rockPerFlame
        uint256 rockPerFlame; // 1..9
        uint256 accountCap; // units per account per round, both sides together
        uint256 lockPerUnit; // BCNT (wei) per unit for the locking pass
        uint64 raiseStart; // inclusive
        uint64 raiseEnd; // exclusive
        uint64 term; // seconds from the start to maturity
        bool isPrivate; // hidden from lists; every order needs a signed pass
    }

    struct Fund {
        FundParams params;
        Status status;
        bool defaulted; // the stop-loss deadline passed without a settlement
        uint64 startAt;
        uint64 maturity;
        uint64 stopDeadline;
        uint256 rockUnits;
        uint256 flameUnits;
        uint256 matchedRock;
        uint256 matchedFlame;
        uint256 redeemedRock;
    }

    struct Period {
        PeriodKind kind;
        uint256 rockRate; // WAD-scaled USDT per unit
        uint256 flameRate;
        uint256 total; // what was funded for the period
    }

    /// @notice USDT accounting per round. deposited = matchedValue + the refund period's total;
    /// distributed (paid plus credited as owed) never exceeds funded.
    struct Accounts {
        uint256 deposited;
        uint256 matchedValue; // sent to custody at the start
        uint256 funded; // all periods, the refund included
        uint256 distributed;
        uint256 redemptionPaid; // paid to redeemed Rock orders (funded by the operator)
        uint256 bcntLocked;
        uint256 bcntReleased;
    }

    /// @notice Non-transferable units of one order.
    struct Order {
        uint256 fundId;
        address owner;
        Side side;
        Pass pass;
        address referrer;
        uint256 units;
        uint256 unitsBefore; // units of the same side ordered before this one
        uint256 cursor; // next period not yet received
        uint256 exitPeriod; // first period it gets nothing from (redeemed); max when staying
        bool redeemed;
        bool redemptionPaid;
        bool bcntReleased;
    }

    /// @notice The stablecoin (USDT).
    IERC20 public immutable usdt;
    /// @notice The token the locking pass holds.
    IERC20 public immutable bcnt;
    /// @notice Receives the matched capital.
    address public custody;

    uint256 public fundCount;
    mapping(uint256 fundId => Fund) private _funds;
    mapping(uint256 fundId => Accounts) private _accounts;
    mapping(uint256 fundId => Period[]) private _periods;
    Order[] private _orders;
    /// @notice Units ordered by an account in a round (both sides).
    mapping(uint256 fundId => mapping(address account => uint256)) public unitsOf;
    /// @notice Whether an account used its HODL pass in a round.
    mapping(uint256 fundId => mapping(address account => bool)) public passUsed;
    /// @notice Payments that could not be transferred, per token and member.
    mapping(address token => mapping(address account => uint256)) public owed;
    mapping(address token => uint256) public totalOwed;
    /// @notice Redeemed Rock orders waiting for the operator's payment, first in first out.
    uint256[] private _redemptionQueue;
    uint256 public redemptionHead;

    event FundCreated(
        uint256 indexed fundId,
        uint256 unitPrice,
        uint256 capacity,
        uint256 rockPerFlame,
        uint256 accountCap,
        uint256 lockPerUnit,
        uint64 raiseStart,
        uint64 raiseEnd,
        uint64 term,
        bool isPrivate
    );
    /// @notice An order on either side: Rock (`supply`) or Flame (`take`).
    event OrderPlaced(
        uint256 indexed fundId,
        uint256 indexed orderId,
        address indexed owner,
        Side side,
        Pass pass,
        uint256 units,
        uint256 unitsBefore,
        uint256 amount,
        uint256 bcntLocked,
        address referrer
    );
    event FundMatched(
        uint256 indexed fundId,
        uint256 rockUnits,
        uint256 flameUnits,
        uint256 matchedRock,
        uint256 matchedFlame,
        uint256 matchedValue,
        uint256 refundTotal
    );
    event FundStarted(uint256 indexed fundId, uint64 startAt, uint64 maturity, address custody, uint256 matchedValue);
    event PeriodFunded(
        uint256 indexed fundId,
        uint256 indexed period,
        PeriodKind kind,
        uint256 rockRate,
        uint256 flameRate,
        uint256 total
    );
    /// @notice An order received periods [fromPeriod, toPeriod): `amount` transferred, `owedAmount`
    /// credited as owed because the transfer failed.
    event OrderPaid(
        uint256 indexed fundId,
        uint256 indexed orderId,
        address indexed owner,
        uint256 fromPeriod,
        uint256 toPeriod,
        uint256 amount,
        uint256 owedAmount
    );
    event BcntReleased(
        uint256 indexed fundId, uint256 indexed orderId, address indexed owner, uint256 amount, uint256 owedAmount
    );
    event RedemptionQueued(
        uint256 indexed fundId, uint256 indexed orderId, address indexed owner, uint256 units, uint256 queueIndex
    );
    event RedemptionPaid(
        uint256 indexed fundId,
        uint256 indexed orderId,
        address indexed owner,
        uint256 amount,
        uint256 owedAmount,
        uint256 queueIndex
    );
    event FundStoppedOut(uint256 indexed fundId, uint64 stoppedAt, uint64 deadline);
    event FundMatured(uint256 indexed fundId, uint64 maturedAt);
    event FundSettled(uint256 indexed fundId, uint256 rockRate, uint256 flameRate, uint256 total, bool defaulted);
    event OwedWithdrawn(address indexed token, address indexed account, address to, uint256 amount);
    event CustodyUpdated(address indexed previousCustody, address indexed newCustody);

    error PoolZeroAddress();
    error PoolInvalidFund();
    error PoolUnknownFund(uint256 fundId);
    error PoolUnknownOrder(uint256 orderId);
    error PoolInvalidUnits(uint256 units);
    error PoolWrongStatus(uint256 fundId, Status status);
    error PoolOutsideRaiseWindow(uint256 fundId, uint64 raiseStart, uint64 raiseEnd);
    error PoolCapacityExceeded(uint256 fundId, Side side, uint256 available, uint256 requested);
    error PoolAccountCapExceeded(uint256 fundId, uint256 available, uint256 requested);
    error PoolRaiseNotEnded(uint256 fundId, uint64 raiseEnd);
    error PoolNotMature(uint256 fundId, uint64 maturity);
    error PoolDeadlineNotPassed(uint256 fundId, uint64 deadline);
    error PoolInvalidReferrer(address referrer);
    error PoolPassRequired(uint256 fundId);
    error PoolPassExpired(uint256 fundId, uint64 expiry);
    error PoolInvalidPass(uint256 fundId, address account);
    error PoolPassUsed(uint256 fundId, address account);
    error PoolNotOrderOwner(uint256 orderId, address caller);
    error PoolOrderNotInFund(uint256 orderId, uint256 fundId);
    error PoolUnknownPeriod(uint256 fundId, uint256 period);
    error PoolTooManyPeriods(uint256 fundId);
    error PoolBatchTooLarge(uint256 size, uint256 max);
    error PoolNothingToClaim(uint256 orderId);
    error PoolNotRock(uint256 orderId);
    error PoolNothingMatched(uint256 orderId);
    error PoolAlreadyRedeemed(uint256 orderId);
    error PoolRedemptionQueueMismatch(uint256 queueIndex, uint256 expectedOrderId, uint256 givenOrderId);
    error PoolNothingOwed(address token, address account);

    constructor(IERC20 usdt_, IERC20 bcnt_, address admin, address operator, address custody_)
        EIP712("BinFiPool", "1")
    {
        if (
            address(usdt_) == address(0) || address(bcnt_) == address(0) || admin == address(0)
                || custody_ == address(0)
        ) revert PoolZeroAddress();
        usdt = usdt_;
        bcnt = bcnt_;
        custody = custody_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        if (operator != address(0)) _grantRole(OPERATOR_ROLE, operator);
        emit CustodyUpdated(address(0), custody_);
    }

    // ------------------------------------------------------------------ operator: the round

    /// @notice Creates a round. Ids start at 1.
    function createFund(FundParams calldata p) external onlyRole(OPERATOR_ROLE) returns (uint256 fundId) {
        if (
            p.unitPrice == 0 || p.capacity == 0 || p.rockPerFlame == 0 || p.rockPerFlame > MAX_ROCK_PER_FLAME
                || p.accountCap == 0 || p.raiseStart >= p.raiseEnd || p.term == 0
        ) revert PoolInvalidFund();
        fundId = ++fundCount;
        Fund storage f = _funds[fundId];
        f.params = p;
        f.status = Status.Raising;
        emit FundCreated(
            fundId,
            p.unitPrice,
            p.capacity,
            p.rockPerFlame,
            p.accountCap,
            p.lockPerUnit,
            p.raiseStart,
            p.raiseEnd,
            p.term,
            p.isPrivate
        );
    }

    /// @notice After the raise window: fixes each side's cutoff and makes the unmatched value
    /// payable as period 0 (the refund). Nothing pairable: the round is Unmatched, all refunded.
    function matchFund(uint256 fundId) external onlyRole(OPERATOR_ROLE) {
        Fund storage f = _fundIn(fundId, Status.Raising);
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < f.params.raiseEnd) revert PoolRaiseNotEnded(fundId, f.params.raiseEnd);
        uint256 ratio = f.params.rockPerFlame;
        uint256 pairable = f.rockUnits / ratio;
        uint256 matchedFlame = f.flameUnits < pairable ? f.flameUnits : pairable;
        f.matchedFlame = matchedFlame;
        f.matchedRock = matchedFlame * ratio;
        f.status = matchedFlame == 0 ? Status.Unmatched : Status.Matched;
        Accounts storage a = _accounts[fundId];
        uint256 matchedValue = (f.matchedRock + matchedFlame) * f.params.unitPrice;
        a.matchedValue = matchedValue;
        uint256 refundTotal = a.deposited - matchedValue;
        emit FundMatched(fundId, f.rockUnits, f.flameUnits, f.matchedRock, matchedFlame, matchedValue, refundTotal);
        _addPeriod(fundId, PeriodKind.Refund, f.params.unitPrice * WAD, f.params.unitPrice * WAD, refundTotal);
    }

    /// @notice Starts the term: the matched capital goes to custody.
    function startFund(uint256 fundId) external onlyRole(OPERATOR_ROLE) nonReentrant {
        Fund storage f = _fundIn(fundId, Status.Matched);
        uint64 startAt = uint64(block.timestamp);
        f.startAt = startAt;
        f.maturity = startAt + f.params.term;
        f.status = Status.Running;
        uint256 matchedValue = _accounts[fundId].matchedValue;
        address custody_ = custody;
        emit FundStarted(fundId, startAt, f.maturity, custody_, matchedValue);
        usdt.safeTransfer(custody_, matchedValue);
    }

    /// @notice Funds Rock reward period `period` (WAD-scaled USDT per unit) from the operator.
    /// `period` must be the next one: a retried job cannot fund a month twice.
    function fundReward(uint256 fundId, uint256 period, uint256 rockRate)
        external
        onlyRole(OPERATOR_ROLE)
        nonReentrant
    {
        Fund storage f = _fundIn(fundId, Status.Running);
        uint256 next = _periods[fundId].length;
        if (period != next) revert PoolUnknownPeriod(fundId, period);
        // one period stays free for the settlement
        if (next + 1 >= MAX_PERIODS) revert PoolTooManyPeriods(fundId);
        uint256 total = rockRate * (f.matchedRock - f.redeemedRock) / WAD;
        _addPeriod(fundId, PeriodKind.Reward, rockRate, 0, total);
        if (total > 0) usdt.safeTransferFrom(msg.sender, address(this), total);
    }

    /// @notice Stop-loss executed: Rock's reward ends; the operator has STOP_LOSS_RETURN to settle.
    function stopLoss(uint256 fundId) external onlyRole(OPERATOR_ROLE) {
        Fund storage f = _fundIn(fundId, Status.Running);
        uint64 now_ = uint64(block.timestamp);
        f.status = Status.StoppedOut;
        f.stopDeadline = now_ + STOP_LOSS_RETURN;
        emit FundStoppedOut(fundId, now_, f.stopDeadline);
    }

    /// @notice Anyone, at maturity: the term is over, the round waits for its settlement.
    function mature(uint256 fundId) external {
        Fund storage f = _fundIn(fundId, Status.Running);
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < f.maturity) revert PoolNotMature(fundId, f.maturity);
        f.status = Status.Matured;
        emit FundMatured(fundId, uint64(block.timestamp));
    }

    /// @notice Ends a Matured or StoppedOut round: funds the last period from the operator,
    /// rockRate x Rock units still in + flameRate x Flame units (WAD-scaled, each rounded down).
    function settle(uint256 fundId, uint256 rockRate, uint256 flameRate) external onlyRole(OPERATOR_ROLE) nonReentrant {
        Fund storage f = _fund(fundId);
        if (f.status != Status.Matured && f.status != Status.StoppedOut) revert PoolWrongStatus(fundId, f.status);
        uint256 total = rockRate * (f.matchedRock - f.redeemedRock) / WAD + flameRate * f.matchedFlame / WAD;
        f.status = Status.Settled;
        _addPeriod(fundId, PeriodKind.Settlement, rockRate, flameRate, total);
        emit FundSettled(fundId, rockRate, flameRate, total, false);
        if (total > 0) usdt.safeTransferFrom(msg.sender, address(this), total);
    }

    /// @notice Anyone, once a stop-loss deadline passed without a settlement: the round ends with
    /// what it holds (periods already funded and locked BCNT stay claimable).
    function markDefault(uint256 fundId) external {
        Fund storage f = _fundIn(fundId, Status.StoppedOut);
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < f.stopDeadline) revert PoolDeadlineNotPassed(fundId, f.stopDeadline);
        f.status = Status.Settled;
        f.defaulted = true;
        _addPeriod(fundId, PeriodKind.Settlement, 0, 0, 0);
        emit FundSettled(fundId, 0, 0, 0, true);
    }

    /// @notice Pays `orderIds` of `fundId` every funded period up to and including `period`
    /// (the refund, a reward month or the settlement). Orders already paid are skipped.
    function payout(uint256 fundId, uint256 period, uint256[] calldata orderIds)
        external
        onlyRole(OPERATOR_ROLE)
        nonReentrant
    {
        _fund(fundId);
        if (period >= _periods[fundId].length) revert PoolUnknownPeriod(fundId, period);
        if (orderIds.length > MAX_BATCH) revert PoolBatchTooLarge(orderIds.length, MAX_BATCH);
        for (uint256 i = 0; i < orderIds.length; i++) {
            Order storage o = _order(orderIds[i]);
            if (o.fundId != fundId) revert PoolOrderNotInFund(orderIds[i], fundId);
            _pay(orderIds[i], o, period + 1);
        }
    }

    /// @notice Pays the next `orderIds.length` redemptions of the queue (which must be the queue's
    /// next entries) the amounts computed off chain, pulled from the operator.
    function payRedemptions(uint256[] calldata orderIds, uint256[] calldata amounts)
        external
        onlyRole(OPERATOR_ROLE)
        nonReentrant
    {
        uint256 n = orderIds.length;
        if (n > MAX_BATCH) revert PoolBatchTooLarge(n, MAX_BATCH);
        if (amounts.length != n) revert PoolBatchTooLarge(amounts.length, n);
        uint256 head = redemptionHead;
        uint256 total;
        for (uint256 i = 0; i < n; i++) {
            uint256 index = head + i;
            uint256 queued = index < _redemptionQueue.length ? _redemptionQueue[index] : type(uint256).max;
            if (queued != orderIds[i]) revert PoolRedemptionQueueMismatch(index, queued, orderIds[i]);
            Order storage o = _orders[queued];
            o.redemptionPaid = true;
            _accounts[o.fundId].redemptionPaid += amounts[i];
            total += amounts[i];
        }
        redemptionHead = head + n;
        if (total > 0) usdt.safeTransferFrom(msg.sender, address(this), total);
        for (uint256 i = 0; i < n; i++) {
            Order storage o = _orders[orderIds[i]];
            uint256 credited = _send(usdt, o.owner, amounts[i]);
            emit RedemptionPaid(o.fundId, orderIds[i], o.owner, amounts[i] - credited, credited, head + i);
        }
    }

    // ------------------------------------------------------------------ admin

    /// @notice Sets the address that receives matched capital.
    function setCustody(address newCustody) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (newCustody == address(0)) revert PoolZeroAddress();
        emit CustodyUpdated(custody, newCustody);
        custody = newCustody;
    }

    // ------------------------------------------------------------------ members

    /// @notice Rock (supplier) order of `units` (1..5); pays units x unitPrice USDT (and, with the
    /// locking pass, units x lockPerUnit BCNT). `signature` is the operator's EIP-712 pass for
    /// (caller, fundId, expiry): needed for the HODL pass and in private rounds, else empty.
    function supply(
        uint256 fundId,
        uint256 units,
        Pass pass,
        address referrer,
        uint64 passExpiry,
        bytes calldata signature
    ) external nonReentrant returns (uint256 orderId) {
        _checkPass(fundId, pass, passExpiry, signature);
        return _placeOrder(fundId, Side.Rock, units, pass, referrer);
    }

    /// @notice Flame (taker) order; as `supply`.
    function take(
        uint256 fundId,
        uint256 units,
        Pass pass,
        address referrer,
        uint64 passExpiry,
        bytes calldata signature
    ) external nonReentrant returns (uint256 orderId) {
        _checkPass(fundId, pass, passExpiry, signature);
        return _placeOrder(fundId, Side.Flame, units, pass, referrer);
    }

    /// @notice Receives every funded period the caller's order has not received yet (and its
    /// locked BCNT once the stake ended).
    function claim(uint256 orderId) external nonReentrant {
        Order storage o = _order(orderId);
        if (o.owner != msg.sender) revert PoolNotOrderOwner(orderId, msg.sender);
        if (!_pay(orderId, o, _periods[o.fundId].length)) revert PoolNothingToClaim(orderId);
    }

    /// @notice Irreversible early exit of a running Rock order: it joins the redemption queue
    /// and gets no period funded from now on; its locked BCNT is released.
    function redeem(uint256 orderId) external nonReentrant {
        Order storage o = _order(orderId);
        if (o.owner != msg.sender) revert PoolNotOrderOwner(orderId, msg.sender);
        if (o.side != Side.Rock) revert PoolNotRock(orderId);
        Fund storage f = _fundIn(o.fundId, Status.Running);
        if (o.redeemed) revert PoolAlreadyRedeemed(orderId);
        uint256 units = _matchedUnits(o, f);
        if (units == 0) revert PoolNothingMatched(orderId);
        o.redeemed = true;
        o.exitPeriod = _periods[o.fundId].length;
        f.redeemedRock += units;
        emit RedemptionQueued(o.fundId, orderId, msg.sender, units, _redemptionQueue.length);
        _redemptionQueue.push(orderId);
        _releaseBcnt(orderId, o, f);
    }

    /// @notice Withdraws what could not be transferred to the caller, to `to`.
    function withdrawOwed(IERC20 token, address to) external nonReentrant {
        if (to == address(0)) revert PoolZeroAddress();
        uint256 amount = owed[address(token)][msg.sender];
        if (amount == 0) revert PoolNothingOwed(address(token), msg.sender);
        owed[address(token)][msg.sender] = 0;
        totalOwed[address(token)] -= amount;
        emit OwedWithdrawn(address(token), msg.sender, to, amount);
        token.safeTransfer(to, amount);
    }

    // ------------------------------------------------------------------ views

    function getFund(uint256 fundId) external view returns (Fund memory) {
        return _fund(fundId);
    }

    /// @notice The round's USDT accounting (see `Accounts`).
    function accountsOf(uint256 fundId) external view returns (Accounts memory) {
        _fund(fundId);
        return _accounts[fundId];
    }

    function periodCount(uint256 fundId) external view returns (uint256) {
        return _periods[fundId].length;
    }

    function getPeriod(uint256 fundId, uint256 period) external view returns (Period memory) {
        if (period >= _periods[fundId].length) revert PoolUnknownPeriod(fundId, period);
        return _periods[fundId][period];
    }

    function orderCount() external view returns (uint256) {
        return _orders.length;
    }

    function getOrder(uint256 orderId) external view returns (Order memory) {
        return _order(orderId);
    }

    /// @notice Matched units of an order (0 before the match).
    function matchedUnitsOf(uint256 orderId) external view returns (uint256) {
        Order storage o = _order(orderId);
        return _matchedUnits(o, _funds[o.fundId]);
    }

    /// @notice USDT an order would receive now from the periods funded so far.
    function claimableOf(uint256 orderId) external view returns (uint256 amount) {
        Order storage o = _order(orderId);
        Fund storage f = _funds[o.fundId];
        uint256 count = _periods[o.fundId].length;
        for (uint256 p = o.cursor; p < count; p++) {
            amount += _due(o, f, p);
        }
    }

    function redemptionQueueLength() external view returns (uint256) {
        return _redemptionQueue.length;
    }

    function redemptionAt(uint256 index) external view returns (uint256 orderId) {
        return _redemptionQueue[index];
    }

    /// @notice The EIP-712 digest an operator signs for a pass.
    function passDigest(address account, uint256 fundId, uint64 expiry) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(PASS_TYPEHASH, account, fundId, expiry)));
    }

    // ------------------------------------------------------------------ internal

    function _checkPass(uint256 fundId, Pass pass, uint64 expiry, bytes calldata signature) private {
        Fund storage f = _fund(fundId);
        if (pass != Pass.Hodl && !f.params.isPrivate) return;
        if (signature.length == 0) revert PoolPassRequired(fundId);
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp > expiry) revert PoolPassExpired(fundId, expiry);
        (address signer, ECDSA.RecoverError err,) = ECDSA.tryRecover(passDigest(msg.sender, fundId, expiry), signature);
        if (err != ECDSA.RecoverError.NoError || !hasRole(OPERATOR_ROLE, signer)) {
            revert PoolInvalidPass(fundId, msg.sender);
        }
        if (pass == Pass.Hodl) {
            if (passUsed[fundId][msg.sender]) revert PoolPassUsed(fundId, msg.sender);
            passUsed[fundId][msg.sender] = true;
        }
    }

    function _placeOrder(uint256 fundId, Side side, uint256 units, Pass pass, address referrer)
        private
        returns (uint256 orderId)
    {
        Fund storage f = _fundIn(fundId, Status.Raising);
        if (units == 0 || units > MAX_UNITS_PER_ORDER) revert PoolInvalidUnits(units);
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < f.params.raiseStart || block.timestamp >= f.params.raiseEnd) {
            revert PoolOutsideRaiseWindow(fundId, f.params.raiseStart, f.params.raiseEnd);
        }
        if (referrer == msg.sender) revert PoolInvalidReferrer(referrer);
        uint256 mine = unitsOf[fundId][msg.sender];
        if (mine + units > f.params.accountCap) {
            revert PoolAccountCapExceeded(fundId, f.params.accountCap - mine, units);
        }
        unitsOf[fundId][msg.sender] = mine + units;

        orderId = _orders.length;
        Order storage o = _orders.push();
        o.fundId = fundId;
        o.owner = msg.sender;
        o.side = side;
        o.pass = pass;
        o.referrer = referrer;
        o.units = units;
        o.unitsBefore = _reserve(f, fundId, side, units);
        o.exitPeriod = type(uint256).max;
        _collect(orderId, o, f);
    }

    /// @dev Adds `units` to the side's total within its capacity; returns the units before.
    function _reserve(Fund storage f, uint256 fundId, Side side, uint256 units) private returns (uint256 before) {
        uint256 capacity;
        if (side == Side.Rock) {
            before = f.rockUnits;
            capacity = f.params.capacity * f.params.rockPerFlame;
            f.rockUnits = before + units;
        } else {
            before = f.flameUnits;
            capacity = f.params.capacity;
            f.flameUnits = before + units;
        }
        if (before + units > capacity) revert PoolCapacityExceeded(fundId, side, capacity - before, units);
    }

    /// @dev Records and pulls the order's USDT (and the locking pass's BCNT).
    function _collect(uint256 orderId, Order storage o, Fund storage f) private {
        uint256 amount = o.units * f.params.unitPrice;
        uint256 lock = o.pass == Pass.Locking ? o.units * f.params.lockPerUnit : 0;
        Accounts storage a = _accounts[o.fundId];
        a.deposited += amount;
        a.bcntLocked += lock;
        emit OrderPlaced(o.fundId, orderId, o.owner, o.side, o.pass, o.units, o.unitsBefore, amount, lock, o.referrer);
        usdt.safeTransferFrom(msg.sender, address(this), amount);
        if (lock > 0) bcnt.safeTransferFrom(msg.sender, address(this), lock);
    }

    function _addPeriod(uint256 fundId, PeriodKind kind, uint256 rockRate, uint256 flameRate, uint256 total) private {
        uint256 period = _periods[fundId].length;
        _periods[fundId].push(Period({kind: kind, rockRate: rockRate, flameRate: flameRate, total: total}));
        _accounts[fundId].funded += total;
        emit PeriodFunded(fundId, period, kind, rockRate, flameRate, total);
    }

    /// @dev The one payout path: moves the order's cursor to `upTo` (never backwards), writes
    /// the accounting, then transfers; a failed transfer is credited as owed. Returns whether
    /// anything of value moved (USDT or the locked BCNT); periods worth 0 still move the cursor.
    function _pay(uint256 orderId, Order storage o, uint256 upTo) private returns (bool moved) {
        Fund storage f = _funds[o.fundId];
        uint256 from = o.cursor;
        if (upTo > from) {
            uint256 amount;
            for (uint256 p = from; p < upTo; p++) {
                amount += _due(o, f, p);
            }
            o.cursor = upTo;
            _accounts[o.fundId].distributed += amount;
            uint256 credited = _send(usdt, o.owner, amount);
            emit OrderPaid(o.fundId, orderId, o.owner, from, upTo, amount - credited, credited);
            moved = amount > 0;
        }
        if (_releaseBcnt(orderId, o, f)) moved = true;
    }

    /// @dev The order's USDT for period `p`: its unmatched units at the unit price for the
    /// refund, else its units still in at the side's rate, rounded down.
    function _due(Order storage o, Fund storage f, uint256 p) private view returns (uint256) {
        Period storage period = _periods[o.fundId][p];
        uint256 matched = _matchedUnits(o, f);
        if (period.kind == PeriodKind.Refund) return (o.units - matched) * f.params.unitPrice;
        if (p >= o.exitPeriod) return 0;
        uint256 rate = o.side == Side.Rock ? period.rockRate : period.flameRate;
        return matched * rate / WAD;
    }

    /// @dev Releases a locking pass's BCNT once the order's stake ended: unmatched, redeemed, or
    /// the round stopped out, matured, settled or unmatched.
    function _releaseBcnt(uint256 orderId, Order storage o, Fund storage f) private returns (bool) {
        if (o.pass != Pass.Locking || o.bcntReleased) return false;
        Status s = f.status;
        if (s == Status.Raising) return false;
        if ((s == Status.Matched || s == Status.Running) && !o.redeemed && _matchedUnits(o, f) > 0) return false;
        o.bcntReleased = true;
        uint256 amount = o.units * f.params.lockPerUnit;
        _accounts[o.fundId].bcntReleased += amount;
        uint256 credited = _send(bcnt, o.owner, amount);
        emit BcntReleased(o.fundId, orderId, o.owner, amount - credited, credited);
        return true;
    }

    /// @dev Transfers, or credits `to` as owed when the token refuses. Returns the credited part.
    function _send(IERC20 token, address to, uint256 amount) private returns (uint256 credited) {
        if (amount == 0 || token.trySafeTransfer(to, amount)) return 0;
        owed[address(token)][to] += amount;
        totalOwed[address(token)] += amount;
        return amount;
    }

    function _matchedUnits(Order storage o, Fund storage f) private view returns (uint256) {
        Status s = f.status;
        if (s == Status.Raising || s == Status.Unmatched) return 0;
        uint256 cutoff = o.side == Side.Rock ? f.matchedRock : f.matchedFlame;
        if (o.unitsBefore >= cutoff) return 0;
        uint256 left = cutoff - o.unitsBefore;
        return left < o.units ? left : o.units;
    }

    function _fund(uint256 fundId) private view returns (Fund storage f) {
        f = _funds[fundId];
        if (f.status == Status.None) revert PoolUnknownFund(fundId);
    }

    function _fundIn(uint256 fundId, Status status) private view returns (Fund storage f) {
        f = _fund(fundId);
        if (f.status != status) revert PoolWrongStatus(fundId, f.status);
    }

    function _order(uint256 orderId) private view returns (Order storage) {
        if (orderId >= _orders.length) revert PoolUnknownOrder(orderId);
        return _orders[orderId];
    }
}
