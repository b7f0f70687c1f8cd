// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

/// @title BinFi paired-risk pool
/// @notice Each fund pairs Ultra Rock (the stable supplier side, `supply`) with Ultra Flame (the
/// leveraged taker side, `take`), in whole units priced in USDT.
///
/// Lifecycle of a fund:
/// 1. Raising: the operator `createFund`s it (unit price, per-side capacity in units, raise
///    window [raiseStart, raiseEnd), term). Members `supply` / `take` 1..5 units per call inside
///    the window and within the side's capacity; each call is an order (id) paying
///    units x unitPrice USDT into the pool.
/// 2. Matched: after raiseEnd the operator calls `matchFund`. matchedUnits = min(Rock units,
///    Flame units). Orders are matched first come, first served on each side (an order can be
///    partly matched). The matched capital (2 x matchedUnits x unitPrice) goes to the custody
///    address (the off-chain trading account); unmatched units are refundable with `claimRefund`.
///    matchedUnits = 0 is an unsuccessful match: everything is refundable.
/// 3. Running: a Rock order holder may `redeem` (early exit). Redemption is irreversible: the
///    order's matched units leave the fund and get no settlement payout; instead the operator
///    pays the redemption amount it computed off chain with `payRedemption` (funded by the
///    operator; "30 to 60 minutes to write on chain").
/// 4. Settled: the operator `settle`s with a payout per unit for each side (capital plus result:
///    Rock its principal and reward, Flame its leveraged result, possibly 0 after a stop-loss),
///    funding rockPayoutPerUnit x (matched Rock units not redeemed) + flamePayoutPerUnit x
///    matched Flame units in one transfer. Members then `claimPayout` per order.
///
/// Accounting per fund (USDT): deposited = matchedValue + refundable + refunded, where
/// refundable is the unclaimed unmatched value; before the match all of deposited is held here.
/// Settlement payouts: payoutFunded = payoutClaimed + unclaimed payouts. Both are kept in
/// `accountsOf(fundId)` and checked by the invariant tests.
/// @dev Roles: DEFAULT_ADMIN_ROLE manages roles and the custody address; OPERATOR_ROLE creates,
/// matches and settles funds and pays redemptions. USDT moves through SafeERC20.
contract BinFiPool is AccessControl, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice Role for the platform's back end.
    bytes32 public constant OPERATOR_ROLE = keccak256("OPERATOR_ROLE");
    /// @notice "Single purchase limit is five units."
    uint256 public constant MAX_UNITS_PER_ORDER = 5;

    enum Side {
        Rock,
        Flame
    }

    enum Status {
        None,
        Raising,
        Matched,
        Settled
    }

    struct Fund {
        uint256 unitPrice; // USDT (6 decimals) per unit
        uint256 capacity; // units per side
        uint64 raiseStart; // inclusive
        uint64 raiseEnd; // exclusive
        uint64 term; // seconds from the match to maturity
        uint64 startAt; // match time (0 before)
        Status status;
        uint256 rockUnits;
        uint256 flameUnits;
        uint256 matchedUnits;
        uint256 redeemedRockUnits;
        uint256 rockPayoutPerUnit;
        uint256 flamePayoutPerUnit;
    }

    struct Accounts {
        uint256 deposited; // all units paid in x unitPrice
        uint256 matchedValue; // 2 x matchedUnits x unitPrice, sent to custody at the match
        uint256 refunded; // unmatched value claimed back
        uint256 payoutFunded; // paid in by the operator at settlement
        uint256 payoutClaimed; // settlement payouts claimed by members
        uint256 redemptionPaid; // paid by the operator to redeemed Rock orders
    }

    struct Order {
        uint256 fundId;
        address member;
        Side side;
        uint256 units;
        uint256 queueBefore; // units on the same side ordered before this one
        bool refundClaimed;
        bool redeemed;
        bool redemptionPaid;
        bool payoutClaimed;
    }

    /// @notice The stablecoin (USDT).
    IERC20 public immutable usdt;
    /// @notice Receives the matched capital.
    address public custody;

    uint256 public fundCount;
    mapping(uint256 fundId => Fund) private _funds;
    mapping(uint256 fundId => Accounts) private _accounts;
    Order[] private _orders;

    event FundCreated(
        uint256 indexed fundId, uint256 unitPrice, uint256 capacity, uint64 raiseStart, uint64 raiseEnd, uint64 term
    );
    /// @notice An order on either side: Rock (`supply`) or Flame (`take`).
    event OrderPlaced(
        uint256 indexed fundId,
        uint256 indexed orderId,
        address indexed member,
        Side side,
        uint256 units,
        uint256 amount,
        string referralCode
    );
    event FundMatched(
        uint256 indexed fundId,
        uint256 rockUnits,
        uint256 flameUnits,
        uint256 matchedUnits,
        uint256 matchedValue,
        address custody,
        uint64 startAt,
        uint64 maturity
    );
    event RefundClaimed(
        uint256 indexed fundId, uint256 indexed orderId, address indexed member, uint256 units, uint256 amount
    );
    event RockRedeemed(uint256 indexed fundId, uint256 indexed orderId, address indexed member, uint256 units);
    event RedemptionPaid(uint256 indexed fundId, uint256 indexed orderId, address indexed member, uint256 amount);
    event FundSettled(
        uint256 indexed fundId, uint256 rockPayoutPerUnit, uint256 flamePayoutPerUnit, uint256 totalFunded
    );
    event PayoutClaimed(
        uint256 indexed fundId, uint256 indexed orderId, address indexed member, uint256 units, uint256 amount
    );
    event CustodyUpdated(address indexed previousCustody, address indexed newCustody);

    error PoolZeroAddress();
    error PoolInvalidFund(uint256 unitPrice, uint256 capacity, uint64 raiseStart, uint64 raiseEnd, uint64 term);
    error PoolUnknownFund(uint256 fundId);
    error PoolUnknownOrder(uint256 orderId);
    error PoolInvalidUnits(uint256 units);
    error PoolNotRaising(uint256 fundId);
    error PoolOutsideRaiseWindow(uint256 fundId, uint64 raiseStart, uint64 raiseEnd);
    error PoolCapacityExceeded(uint256 fundId, Side side, uint256 available, uint256 requested);
    error PoolRaiseNotEnded(uint256 fundId, uint64 raiseEnd);
    error PoolNotMatched(uint256 fundId);
    error PoolAlreadySettled(uint256 fundId);
    error PoolNotSettled(uint256 fundId);
    error PoolNotOrderOwner(uint256 orderId, address caller);
    error PoolNothingToRefund(uint256 orderId);
    error PoolNotRock(uint256 orderId);
    error PoolNothingMatched(uint256 orderId);
    error PoolAlreadyRedeemed(uint256 orderId);
    error PoolNotRedeemed(uint256 orderId);
    error PoolRedemptionAlreadyPaid(uint256 orderId);
    error PoolPayoutAlreadyClaimed(uint256 orderId);

    constructor(IERC20 usdt_, address admin, address operator, address custody_) {
        if (address(usdt_) == address(0) || admin == address(0) || custody_ == address(0)) revert PoolZeroAddress();
        usdt = usdt_;
        custody = custody_;
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        if (operator != address(0)) _grantRole(OPERATOR_ROLE, operator);
        emit CustodyUpdated(address(0), custody_);
    }

    // ------------------------------------------------------------------ operator: create / match / settle

    /// @notice Creates a fund. Ids start at 1.
    function createFund(uint256 unitPrice, uint256 capacity, uint64 raiseStart, uint64 raiseEnd, uint64 term)
        external
        onlyRole(OPERATOR_ROLE)
        returns (uint256 fundId)
    {
        if (unitPrice == 0 || capacity == 0 || raiseStart >= raiseEnd || term == 0) {
            revert PoolInvalidFund(unitPrice, capacity, raiseStart, raiseEnd, term);
        }
        fundId = ++fundCount;
        Fund storage f = _funds[fundId];
        f.unitPrice = unitPrice;
        f.capacity = capacity;
        f.raiseStart = raiseStart;
        f.raiseEnd = raiseEnd;
        f.term = term;
        f.status = Status.Raising;
        emit FundCreated(fundId, unitPrice, capacity, raiseStart, raiseEnd, term);
    }

    /// @notice After the raise window: matches min(Rock, Flame) units and sends the matched
    /// capital to custody. Unmatched units become refundable.
    function matchFund(uint256 fundId) external onlyRole(OPERATOR_ROLE) nonReentrant {
        Fund storage f = _fund(fundId);
        if (f.status != Status.Raising) revert PoolNotRaising(fundId);
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < f.raiseEnd) revert PoolRaiseNotEnded(fundId, f.raiseEnd);

        uint256 matched = f.rockUnits < f.flameUnits ? f.rockUnits : f.flameUnits;
        uint256 matchedValue = 2 * matched * f.unitPrice;
        uint64 startAt = uint64(block.timestamp);
        f.matchedUnits = matched;
        f.startAt = startAt;
        f.status = Status.Matched;
        _accounts[fundId].matchedValue = matchedValue;
        address custody_ = custody;
        emit FundMatched(fundId, f.rockUnits, f.flameUnits, matched, matchedValue, custody_, startAt, startAt + f.term);
        if (matchedValue > 0) usdt.safeTransfer(custody_, matchedValue);
    }

    /// @notice Ends a matched fund (at maturity, or early after a stop-loss): pulls from the
    /// operator rockPayoutPerUnit x (matched Rock units not redeemed) + flamePayoutPerUnit x
    /// matched Flame units; members then `claimPayout`.
    function settle(uint256 fundId, uint256 rockPayoutPerUnit, uint256 flamePayoutPerUnit)
        external
        onlyRole(OPERATOR_ROLE)
        nonReentrant
    {
        Fund storage f = _fund(fundId);
        if (f.status == Status.Settled) revert PoolAlreadySettled(fundId);
        if (f.status != Status.Matched) revert PoolNotMatched(fundId);
        uint256 total = rockPayoutPerUnit * (f.matchedUnits - f.redeemedRockUnits) + flamePayoutPerUnit * f.matchedUnits;
        f.rockPayoutPerUnit = rockPayoutPerUnit;
        f.flamePayoutPerUnit = flamePayoutPerUnit;
        f.status = Status.Settled;
        _accounts[fundId].payoutFunded = total;
        emit FundSettled(fundId, rockPayoutPerUnit, flamePayoutPerUnit, total);
        if (total > 0) usdt.safeTransferFrom(msg.sender, address(this), total);
    }

    /// @notice Pays `amount` (computed off chain) from the operator to the holder of redeemed
    /// Rock order `orderId`, once.
    function payRedemption(uint256 orderId, uint256 amount) external onlyRole(OPERATOR_ROLE) nonReentrant {
        Order storage o = _order(orderId);
        if (!o.redeemed) revert PoolNotRedeemed(orderId);
        if (o.redemptionPaid) revert PoolRedemptionAlreadyPaid(orderId);
        o.redemptionPaid = true;
        _accounts[o.fundId].redemptionPaid += amount;
        emit RedemptionPaid(o.fundId, orderId, o.member, amount);
        if (amount > 0) usdt.safeTransferFrom(msg.sender, o.member, amount);
    }

    // ------------------------------------------------------------------ admin

    /// @notice Sets the address that receives matched capital.
    function setCustody(address newCustody) external onlyRole(DEFAULT_ADMIN_ROLE) {
        if (newCustody == address(0)) revert PoolZeroAddress();
        emit CustodyUpdated(custody, newCustody);
        custody = newCustody;
    }

    // ------------------------------------------------------------------ members

    /// @notice Rock (supplier) order of `units` (1..5) in `fundId`; pays units x unitPrice USDT.
    function supply(uint256 fundId, uint256 units, string calldata referralCode)
        external
        nonReentrant
        returns (uint256 orderId)
    {
        return _placeOrder(fundId, Side.Rock, units, referralCode);
    }

    /// @notice Flame (taker) order of `units` (1..5) in `fundId`; pays units x unitPrice USDT.
    function take(uint256 fundId, uint256 units, string calldata referralCode)
        external
        nonReentrant
        returns (uint256 orderId)
    {
        return _placeOrder(fundId, Side.Flame, units, referralCode);
    }

    /// @notice After the match: refunds the unmatched units of the caller's order, once.
    function claimRefund(uint256 orderId) external nonReentrant {
        Order storage o = _ownOrder(orderId);
        Fund storage f = _funds[o.fundId];
        if (f.status == Status.Raising) revert PoolNotMatched(o.fundId);
        uint256 units = o.units - _matchedUnits(o, f);
        if (units == 0 || o.refundClaimed) revert PoolNothingToRefund(orderId);
        o.refundClaimed = true;
        uint256 amount = units * f.unitPrice;
        _accounts[o.fundId].refunded += amount;
        emit RefundClaimed(o.fundId, orderId, msg.sender, units, amount);
        usdt.safeTransfer(msg.sender, amount);
    }

    /// @notice Irreversible early exit of a matched Rock order before settlement: its matched
    /// units leave the fund (no settlement payout); the operator pays it with `payRedemption`.
    function redeem(uint256 orderId) external {
        Order storage o = _ownOrder(orderId);
        Fund storage f = _funds[o.fundId];
        if (o.side != Side.Rock) revert PoolNotRock(orderId);
        if (f.status == Status.Settled) revert PoolAlreadySettled(o.fundId);
        if (f.status != Status.Matched) revert PoolNotMatched(o.fundId);
        if (o.redeemed) revert PoolAlreadyRedeemed(orderId);
        uint256 units = _matchedUnits(o, f);
        if (units == 0) revert PoolNothingMatched(orderId);
        o.redeemed = true;
        f.redeemedRockUnits += units;
        emit RockRedeemed(o.fundId, orderId, msg.sender, units);
    }

    /// @notice After settlement: pays the caller's order matchedUnits x its side's payout per unit.
    function claimPayout(uint256 orderId) external nonReentrant {
        Order storage o = _ownOrder(orderId);
        Fund storage f = _funds[o.fundId];
        if (f.status != Status.Settled) revert PoolNotSettled(o.fundId);
        if (o.payoutClaimed) revert PoolPayoutAlreadyClaimed(orderId);
        uint256 units = _matchedUnits(o, f);
        if (units == 0 || o.redeemed) revert PoolNothingMatched(orderId);
        o.payoutClaimed = true;
        uint256 amount = units * (o.side == Side.Rock ? f.rockPayoutPerUnit : f.flamePayoutPerUnit);
        _accounts[o.fundId].payoutClaimed += amount;
        emit PayoutClaimed(o.fundId, orderId, msg.sender, units, amount);
        if (amount > 0) usdt.safeTransfer(msg.sender, amount);
    }

    // ------------------------------------------------------------------ views

    function getFund(uint256 fundId) external view returns (Fund memory) {
        return _fund(fundId);
    }

    /// @notice The fund's USDT accounting (see the contract notice).
    function accountsOf(uint256 fundId) external view returns (Accounts memory) {
        _fund(fundId);
        return _accounts[fundId];
    }

    /// @notice Unclaimed refunds of a matched fund (0 while raising).
    function refundableOf(uint256 fundId) public view returns (uint256) {
        Fund storage f = _fund(fundId);
        if (f.status == Status.Raising) return 0;
        Accounts storage a = _accounts[fundId];
        return a.deposited - a.matchedValue - a.refunded;
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

    // ------------------------------------------------------------------ internal

    function _placeOrder(uint256 fundId, Side side, uint256 units, string calldata referralCode)
        private
        returns (uint256 orderId)
    {
        Fund storage f = _fund(fundId);
        if (units == 0 || units > MAX_UNITS_PER_ORDER) revert PoolInvalidUnits(units);
        if (f.status != Status.Raising) revert PoolNotRaising(fundId);
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < f.raiseStart || block.timestamp >= f.raiseEnd) {
            revert PoolOutsideRaiseWindow(fundId, f.raiseStart, f.raiseEnd);
        }
        uint256 before = side == Side.Rock ? f.rockUnits : f.flameUnits;
        if (before + units > f.capacity) revert PoolCapacityExceeded(fundId, side, f.capacity - before, units);
        if (side == Side.Rock) f.rockUnits = before + units;
        else f.flameUnits = before + units;

        uint256 amount = units * f.unitPrice;
        _accounts[fundId].deposited += amount;
        orderId = _orders.length;
        _orders.push(
            Order({
                fundId: fundId,
                member: msg.sender,
                side: side,
                units: units,
                queueBefore: before,
                refundClaimed: false,
                redeemed: false,
                redemptionPaid: false,
                payoutClaimed: false
            })
        );
        emit OrderPlaced(fundId, orderId, msg.sender, side, units, amount, referralCode);
        usdt.safeTransferFrom(msg.sender, address(this), amount);
    }

    function _matchedUnits(Order storage o, Fund storage f) private view returns (uint256) {
        if (f.status == Status.Raising) return 0;
        uint256 matched = f.matchedUnits;
        if (o.queueBefore >= matched) return 0;
        uint256 left = matched - o.queueBefore;
        return left < o.units ? left : o.units;
    }

    function _fund(uint256 fundId) private view returns (Fund storage f) {
        f = _funds[fundId];
        if (f.status == Status.None) revert PoolUnknownFund(fundId);
    }

    function _order(uint256 orderId) private view returns (Order storage) {
        if (orderId >= _orders.length) revert PoolUnknownOrder(orderId);
        return _orders[orderId];
    }

    function _ownOrder(uint256 orderId) private view returns (Order storage o) {
        o = _order(orderId);
        if (o.member != msg.sender) revert PoolNotOrderOwner(orderId, msg.sender);
    }
}
