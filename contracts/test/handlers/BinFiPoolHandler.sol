// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {Test} from "../utils/Test.sol";
import {BCNT} from "../../src/BCNT.sol";
import {BinFiPool} from "../../src/BinFiPool.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";

/// @notice USDT-like token (no return values) whose transfers to or from a blacklisted address
/// revert, as Tether's do. Anyone may mint and blacklist (tests only).
contract BlacklistUSDT {
    uint8 public constant decimals = 6;
    mapping(address account => uint256) public balanceOf;
    mapping(address owner => mapping(address spender => uint256)) public allowance;
    mapping(address account => bool) public blacklisted;

    error Blacklisted(address account);

    function mint(address to, uint256 amount) external {
        balanceOf[to] += amount;
    }

    function setBlacklisted(address account, bool value) external {
        blacklisted[account] = value;
    }

    function approve(address spender, uint256 amount) external {
        allowance[msg.sender][spender] = amount;
    }

    function transfer(address to, uint256 amount) external {
        _transfer(msg.sender, to, amount);
    }

    function transferFrom(address from, address to, uint256 amount) external {
        if (allowance[from][msg.sender] != type(uint256).max) allowance[from][msg.sender] -= amount;
        _transfer(from, to, amount);
    }

    function _transfer(address from, address to, uint256 amount) private {
        if (blacklisted[to]) revert Blacklisted(to);
        if (blacklisted[from]) revert Blacklisted(from);
        balanceOf[from] -= amount;
        balanceOf[to] += amount;
    }
}

/// @notice Drives BinFiPool through whole round lifecycles: the operator creates, matches,
/// starts, funds reward months, stops out, settles and pays batches and redemptions; members
/// order with any pass (HODL passes signed by the operator's key), claim, redeem Rock and
/// withdraw what they are owed; time moves; a member may be blacklisted by the token at any
/// time. Every call acts only when its preconditions hold (no reverts) and records what members
/// received through the payout path.
contract BinFiPoolHandler is Test {
    uint256 internal constant MAX_FUNDS = 4;
    uint256 internal constant WAD = 1e18;

    BlacklistUSDT public immutable usdt;
    BCNT public immutable bcnt;
    BinFiPool public immutable pool;
    address public immutable operator;
    uint256 internal immutable operatorKey;
    address public immutable sink;
    address[] internal actors;

    /// @notice USDT paid in by orders per round.
    mapping(uint256 fundId => uint256) public ghostDeposited;
    /// @notice USDT an actor received from `claim` / `payout` (transferred or credited as owed).
    mapping(address actor => uint256) public ghostPaid;
    mapping(uint256 fundId => uint256[]) internal _fundOrders;

    uint256 public orders;
    uint256 public payouts;
    uint256 public redemptions;
    uint256 public settlements;

    constructor(
        BlacklistUSDT usdt_,
        BCNT bcnt_,
        BinFiPool pool_,
        address operator_,
        uint256 operatorKey_,
        address treasury
    ) {
        usdt = usdt_;
        bcnt = bcnt_;
        pool = pool_;
        operator = operator_;
        operatorKey = operatorKey_;
        sink = makeAddr("sink");
        string[3] memory names = ["member-0", "member-1", "member-2"];
        for (uint256 i = 0; i < names.length; i++) {
            address actor = makeAddr(names[i]);
            actors.push(actor);
            usdt.mint(actor, 1e18);
            vm.prank(treasury);
            bcnt.transfer(actor, 1e26);
            vm.startPrank(actor);
            usdt.approve(address(pool), type(uint256).max);
            bcnt.approve(address(pool), type(uint256).max);
            vm.stopPrank();
        }
        usdt.mint(operator, 1e30);
        vm.prank(operator);
        usdt.approve(address(pool), type(uint256).max);
    }

    function actorCount() external view returns (uint256) {
        return actors.length;
    }

    function actorAt(uint256 i) external view returns (address) {
        return actors[i];
    }

    function _actor(uint256 seed) internal view returns (address) {
        return actors[seed % actors.length];
    }

    /// @dev 0 when there is no round yet.
    function _fundId(uint256 seed) internal view returns (uint256) {
        uint256 count = pool.fundCount();
        return count == 0 ? 0 : 1 + (seed % count);
    }

    function _status(uint256 fundId) internal view returns (BinFiPool.Status) {
        return pool.getFund(fundId).status;
    }

    function _received(address who) internal view returns (uint256) {
        return usdt.balanceOf(who) + pool.owed(address(usdt), who);
    }

    // ------------------------------------------------------------------ operator

    function createFund(uint256 price, uint256 capacity, uint256 ratio, uint256 window) external {
        if (pool.fundCount() >= MAX_FUNDS) return;
        uint64 start = uint64(block.timestamp);
        // casts are safe: window is bounded to at most 3 days
        // forge-lint: disable-next-line(unsafe-typecast)
        uint64 end = start + uint64(bound(window, 1 hours, 3 days));
        BinFiPool.FundParams memory p = BinFiPool.FundParams({
            unitPrice: bound(price, 1, 5_000e6),
            capacity: bound(capacity, 1, 20),
            rockPerFlame: bound(ratio, 1, 3),
            accountCap: 12,
            lockPerUnit: 1_000e18,
            raiseStart: start,
            raiseEnd: end,
            term: 60 days,
            isPrivate: false
        });
        vm.prank(operator);
        pool.createFund(p);
    }

    function order(uint256 actorSeed, uint256 fundSeed, uint256 units, uint256 passSeed, bool rock) external {
        uint256 fundId = _fundId(fundSeed);
        if (fundId == 0) return;
        BinFiPool.Fund memory f = pool.getFund(fundId);
        // forge-lint: disable-next-line(block-timestamp)
        if (f.status != BinFiPool.Status.Raising || block.timestamp >= f.params.raiseEnd) return;
        address actor = _actor(actorSeed);
        if (usdt.blacklisted(actor)) return;
        uint256 capacity = rock ? f.params.capacity * f.params.rockPerFlame : f.params.capacity;
        uint256 left = capacity - (rock ? f.rockUnits : f.flameUnits);
        uint256 mine = f.params.accountCap - pool.unitsOf(fundId, actor);
        if (mine < left) left = mine;
        if (left == 0) return;
        units = bound(units, 1, left < 5 ? left : 5);
        _place(actor, _actor(actorSeed % actors.length + 1), fundId, units, BinFiPool.Pass(passSeed % 3), rock);
        ghostDeposited[fundId] += units * f.params.unitPrice;
        orders++;
    }

    function _place(address actor, address referrer, uint256 fundId, uint256 units, BinFiPool.Pass pass, bool rock)
        internal
    {
        bytes memory sig;
        uint64 expiry = uint64(block.timestamp + 1 hours);
        if (pass == BinFiPool.Pass.Hodl) {
            if (pool.passUsed(fundId, actor)) pass = BinFiPool.Pass.General;
            else sig = _sign(actor, fundId, expiry);
        }
        vm.prank(actor);
        uint256 orderId = rock
            ? pool.supply(fundId, units, pass, referrer, expiry, sig)
            : pool.take(fundId, units, pass, referrer, expiry, sig);
        _fundOrders[fundId].push(orderId);
    }

    function _sign(address actor, uint256 fundId, uint64 expiry) internal view returns (bytes memory) {
        (uint8 v, bytes32 r, bytes32 s) = vm.sign(operatorKey, pool.passDigest(actor, fundId, expiry));
        return abi.encodePacked(r, s, v);
    }

    function warp(uint256 secondsAhead) external {
        vm.warp(block.timestamp + bound(secondsAhead, 0, 10 days));
    }

    function matchFund(uint256 fundSeed) external {
        uint256 fundId = _fundId(fundSeed);
        if (fundId == 0 || _status(fundId) != BinFiPool.Status.Raising) return;
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < pool.getFund(fundId).params.raiseEnd) return;
        vm.prank(operator);
        pool.matchFund(fundId);
    }

    function startFund(uint256 fundSeed) external {
        uint256 fundId = _fundId(fundSeed);
        if (fundId == 0 || _status(fundId) != BinFiPool.Status.Matched) return;
        vm.prank(operator);
        pool.startFund(fundId);
    }

    function fundReward(uint256 fundSeed, uint256 rate) external {
        uint256 fundId = _fundId(fundSeed);
        if (fundId == 0 || _status(fundId) != BinFiPool.Status.Running) return;
        if (pool.periodCount(fundId) + 1 >= pool.MAX_PERIODS()) return;
        // up to 1 USDT-unit-price-ish per unit, with WAD precision so rounding bites
        rate = bound(rate, 0, 50e6 * WAD);
        uint256 next = pool.periodCount(fundId);
        vm.prank(operator);
        pool.fundReward(fundId, next, rate);
    }

    function stopLoss(uint256 fundSeed) external {
        uint256 fundId = _fundId(fundSeed);
        if (fundId == 0 || _status(fundId) != BinFiPool.Status.Running) return;
        vm.prank(operator);
        pool.stopLoss(fundId);
    }

    function mature(uint256 fundSeed) external {
        uint256 fundId = _fundId(fundSeed);
        if (fundId == 0 || _status(fundId) != BinFiPool.Status.Running) return;
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < pool.getFund(fundId).maturity) return;
        pool.mature(fundId);
    }

    function settle(uint256 fundSeed, uint256 rockRate, uint256 flameRate) external {
        uint256 fundId = _fundId(fundSeed);
        if (fundId == 0) return;
        BinFiPool.Status s = _status(fundId);
        if (s != BinFiPool.Status.Matured && s != BinFiPool.Status.StoppedOut) return;
        uint256 price = pool.getFund(fundId).params.unitPrice;
        rockRate = bound(rockRate, 0, 2 * price * WAD);
        flameRate = bound(flameRate, 0, 10 * price * WAD);
        vm.prank(operator);
        pool.settle(fundId, rockRate, flameRate);
        settlements++;
    }

    function markDefault(uint256 fundSeed) external {
        uint256 fundId = _fundId(fundSeed);
        if (fundId == 0 || _status(fundId) != BinFiPool.Status.StoppedOut) return;
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < pool.getFund(fundId).stopDeadline) return;
        pool.markDefault(fundId);
    }

    /// @dev A batch of up to 3 orders of one round, possibly with repeats (a retried job).
    function payout(uint256 fundSeed, uint256 periodSeed, uint256 orderSeed, uint256 size) external {
        uint256 fundId = _fundId(fundSeed);
        if (fundId == 0) return;
        uint256 periods = pool.periodCount(fundId);
        uint256[] storage all = _fundOrders[fundId];
        uint256 count = all.length;
        if (periods == 0 || count == 0) return;
        size = bound(size, 1, 3);
        // consecutive orders of the round; a batch larger than the round repeats ids, and a
        // repeat in the same batch must not pay twice
        uint256[] memory ids = new uint256[](size);
        for (uint256 i = 0; i < size; i++) {
            ids[i] = all[(orderSeed % count + i) % count];
        }
        uint256[] memory cursors = new uint256[](size);
        for (uint256 i = 0; i < size; i++) {
            cursors[i] = pool.getOrder(ids[i]).cursor;
        }
        uint256[] memory before = new uint256[](actors.length);
        for (uint256 i = 0; i < actors.length; i++) {
            before[i] = _received(actors[i]);
        }
        vm.prank(operator);
        pool.payout(fundId, periodSeed % periods, ids);
        // each actor received exactly its orders' units x rate for the periods their cursors
        // passed (a repeated id counted once): no period paid twice, none paid unearned
        uint256[] memory expected = new uint256[](actors.length);
        for (uint256 i = 0; i < size; i++) {
            bool repeat;
            for (uint256 j = 0; j < i; j++) {
                if (ids[j] == ids[i]) repeat = true;
            }
            if (repeat) continue;
            BinFiPool.Order memory o = pool.getOrder(ids[i]);
            expected[_actorIndex(o.owner)] += _dueBetween(ids[i], o, cursors[i], o.cursor);
        }
        for (uint256 i = 0; i < actors.length; i++) {
            uint256 got = _received(actors[i]) - before[i];
            assertEq(got, expected[i], "a batch pays each order its due for the periods passed, once");
            ghostPaid[actors[i]] += got;
        }
        payouts++;
    }

    function _actorIndex(address who) internal view returns (uint256) {
        for (uint256 i = 0; i < actors.length; i++) {
            if (actors[i] == who) return i;
        }
        revert("not an actor");
    }

    /// @dev An order's USDT for periods [from, to), computed here from the periods' rates.
    function _dueBetween(uint256 orderId, BinFiPool.Order memory o, uint256 from, uint256 to)
        internal
        view
        returns (uint256 due)
    {
        if (from >= to) return 0;
        uint256 matched = pool.matchedUnitsOf(orderId);
        uint256 price = pool.getFund(o.fundId).params.unitPrice;
        for (uint256 p = from; p < to; p++) {
            BinFiPool.Period memory period = pool.getPeriod(o.fundId, p);
            if (period.kind == BinFiPool.PeriodKind.Refund) {
                due += (o.units - matched) * price;
            } else if (p < o.exitPeriod) {
                due += matched * (o.side == BinFiPool.Side.Rock ? period.rockRate : period.flameRate) / WAD;
            }
        }
    }

    // ------------------------------------------------------------------ members

    function claim(uint256 orderSeed) external {
        uint256 count = pool.orderCount();
        if (count == 0) return;
        uint256 orderId = orderSeed % count;
        BinFiPool.Order memory o = pool.getOrder(orderId);
        if (pool.claimableOf(orderId) == 0 && !_bcntReleasable(orderId, o)) return; // NothingToClaim
        uint256 before = _received(o.owner);
        vm.prank(o.owner);
        pool.claim(orderId);
        uint256 got = _received(o.owner) - before;
        uint256 cursor = pool.getOrder(orderId).cursor;
        assertEq(got, _dueBetween(orderId, o, o.cursor, cursor), "a claim pays the periods passed, once");
        assertEq(cursor, pool.periodCount(o.fundId), "a claim moves the cursor to the last funded period");
        ghostPaid[o.owner] += got;
        payouts++;
    }

    function _bcntReleasable(uint256 orderId, BinFiPool.Order memory o) internal view returns (bool) {
        if (o.pass != BinFiPool.Pass.Locking || o.bcntReleased) return false;
        BinFiPool.Status s = _status(o.fundId);
        if (s == BinFiPool.Status.Raising) return false;
        bool staking = s == BinFiPool.Status.Matched || s == BinFiPool.Status.Running;
        return !staking || o.redeemed || pool.matchedUnitsOf(orderId) == 0;
    }

    function redeem(uint256 orderSeed) external {
        uint256 count = pool.orderCount();
        if (count == 0) return;
        uint256 orderId = orderSeed % count;
        BinFiPool.Order memory o = pool.getOrder(orderId);
        if (o.side != BinFiPool.Side.Rock || o.redeemed) return;
        if (_status(o.fundId) != BinFiPool.Status.Running || pool.matchedUnitsOf(orderId) == 0) return;
        vm.prank(o.owner);
        pool.redeem(orderId);
    }

    function payRedemptions(uint256 size, uint256 amountSeed) external {
        uint256 head = pool.redemptionHead();
        uint256 queued = pool.redemptionQueueLength() - head;
        if (queued == 0) return;
        size = bound(size, 1, queued < 3 ? queued : 3);
        uint256[] memory ids = new uint256[](size);
        uint256[] memory amounts = new uint256[](size);
        for (uint256 i = 0; i < size; i++) {
            ids[i] = pool.redemptionAt(head + i);
            amounts[i] =
                bound(amountSeed >> (i * 32), 0, 2 * pool.getFund(pool.getOrder(ids[i]).fundId).params.unitPrice);
        }
        vm.prank(operator);
        pool.payRedemptions(ids, amounts);
        redemptions += size;
    }

    function blacklist(uint256 actorSeed, bool value) external {
        usdt.setBlacklisted(_actor(actorSeed), value);
    }

    function withdrawOwed(uint256 actorSeed) external {
        address actor = _actor(actorSeed);
        if (pool.owed(address(usdt), actor) == 0) return;
        vm.prank(actor);
        pool.withdrawOwed(IERC20(address(usdt)), sink);
    }
}
