// SPDX-License-Identifier: MIT
pragma solidity 0.8.30;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";

/// @title BCNT loyalty staking
/// @notice Members stake BCNT to reach loyalty levels 2, 3 and 4. Unstaking is a two-step flow:
/// `requestUnstake` moves an amount from "staked" to "pending" and opens a request that unlocks
/// `UNSTAKE_DELAY` (14 days) later; `withdraw` pays it out once unlocked, to the request's owner
/// only, exactly once. Pending amounts still count for the level until they are withdrawn.
/// @dev The level is `levelOf(account)` from staked + pending against owner-settable, strictly
/// increasing thresholds. The contract's BCNT balance always covers totalStaked + totalPending.
contract LoyaltyStaking is Ownable, ReentrancyGuard {
    using SafeERC20 for IERC20;

    /// @notice Delay between `requestUnstake` and the earliest `withdraw`.
    uint256 public constant UNSTAKE_DELAY = 14 days;

    /// @notice An unstake request. `withdrawn` turns true once paid out.
    struct UnstakeRequest {
        address owner;
        uint128 amount;
        uint64 unlockAt;
        bool withdrawn;
    }

    /// @notice The staked token (BCNT).
    IERC20 public immutable token;

    /// @notice Minimum staked + pending amount for level 2, 3 and 4 (token units, 18 decimals).
    uint256 public level2Threshold = 10_000 ether;
    uint256 public level3Threshold = 50_000 ether;
    uint256 public level4Threshold = 200_000 ether;

    /// @notice Sum of all accounts' staked amounts (not requested for unstake).
    uint256 public totalStaked;
    /// @notice Sum of all unstake requests not yet withdrawn.
    uint256 public totalPending;

    mapping(address account => uint256) private _staked;
    mapping(address account => uint256) private _pending;
    mapping(address account => uint256[]) private _requestIds;
    UnstakeRequest[] private _requests;

    /// @notice `account` staked `amount`; `newStaked` is its staked balance after.
    event Staked(address indexed account, uint256 amount, uint256 newStaked);
    /// @notice `account` opened request `requestId` for `amount`, withdrawable from `unlockAt`.
    event UnstakeRequested(address indexed account, uint256 indexed requestId, uint256 amount, uint256 unlockAt);
    /// @notice Request `requestId` of `account` was paid out.
    event Withdrawn(address indexed account, uint256 indexed requestId, uint256 amount);
    /// @notice The owner changed the level thresholds.
    event ThresholdsUpdated(uint256 level2, uint256 level3, uint256 level4);

    /// @notice A zero amount (stake or unstake) or the zero token address.
    error StakingZeroAmount();
    error StakingZeroToken();
    /// @notice More than the staked balance was requested for unstake.
    error StakingInsufficientStake(uint256 staked, uint256 requested);
    /// @notice No request with this id.
    error StakingUnknownRequest(uint256 requestId);
    /// @notice The caller does not own the request.
    error StakingNotRequestOwner(uint256 requestId, address caller);
    /// @notice The request unlocks at `unlockAt` (unix seconds).
    error StakingRequestLocked(uint256 requestId, uint256 unlockAt);
    /// @notice The request was already withdrawn.
    error StakingAlreadyWithdrawn(uint256 requestId);
    /// @notice Thresholds must satisfy 0 < level2 < level3 < level4.
    error StakingThresholdsNotIncreasing(uint256 level2, uint256 level3, uint256 level4);

    constructor(IERC20 token_, address initialOwner) Ownable(initialOwner) {
        if (address(token_) == address(0)) revert StakingZeroToken();
        token = token_;
    }

    // ------------------------------------------------------------------ member actions

    /// @notice Stakes `amount` BCNT from the caller (needs an allowance).
    function stake(uint256 amount) external nonReentrant {
        if (amount == 0) revert StakingZeroAmount();
        uint256 newStaked = _staked[msg.sender] + amount;
        _staked[msg.sender] = newStaked;
        totalStaked += amount;
        emit Staked(msg.sender, amount, newStaked);
        token.safeTransferFrom(msg.sender, address(this), amount);
    }

    /// @notice Opens an unstake request for `amount` of the caller's stake, withdrawable after
    /// `UNSTAKE_DELAY`. The amount still counts for the level until withdrawn.
    /// @return requestId The new request's id (index into the global request list).
    function requestUnstake(uint256 amount) external returns (uint256 requestId) {
        if (amount == 0) revert StakingZeroAmount();
        uint256 staked = _staked[msg.sender];
        if (amount > staked) revert StakingInsufficientStake(staked, amount);
        unchecked {
            _staked[msg.sender] = staked - amount;
            totalStaked -= amount;
        }
        _pending[msg.sender] += amount;
        totalPending += amount;

        uint256 unlockAt = block.timestamp + UNSTAKE_DELAY;
        requestId = _requests.length;
        _requests.push(
            UnstakeRequest({
                owner: msg.sender,
                amount: SafeCast.toUint128(amount),
                unlockAt: SafeCast.toUint64(unlockAt),
                withdrawn: false
            })
        );
        _requestIds[msg.sender].push(requestId);
        emit UnstakeRequested(msg.sender, requestId, amount, unlockAt);
    }

    /// @notice Pays out unlocked request `requestId` to its owner (the caller).
    function withdraw(uint256 requestId) external nonReentrant {
        if (requestId >= _requests.length) revert StakingUnknownRequest(requestId);
        UnstakeRequest storage request = _requests[requestId];
        if (request.owner != msg.sender) revert StakingNotRequestOwner(requestId, msg.sender);
        if (request.withdrawn) revert StakingAlreadyWithdrawn(requestId);
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < request.unlockAt) revert StakingRequestLocked(requestId, request.unlockAt);

        uint256 amount = request.amount;
        request.withdrawn = true;
        _pending[msg.sender] -= amount;
        totalPending -= amount;
        emit Withdrawn(msg.sender, requestId, amount);
        token.safeTransfer(msg.sender, amount);
    }

    // ------------------------------------------------------------------ owner

    /// @notice Sets the level thresholds; they must satisfy 0 < level2 < level3 < level4.
    function setThresholds(uint256 level2, uint256 level3, uint256 level4) external onlyOwner {
        if (level2 == 0 || level2 >= level3 || level3 >= level4) {
            revert StakingThresholdsNotIncreasing(level2, level3, level4);
        }
        level2Threshold = level2;
        level3Threshold = level3;
        level4Threshold = level4;
        emit ThresholdsUpdated(level2, level3, level4);
    }

    // ------------------------------------------------------------------ views

    /// @notice The three thresholds (levels 2, 3, 4).
    function thresholds() external view returns (uint256 level2, uint256 level3, uint256 level4) {
        return (level2Threshold, level3Threshold, level4Threshold);
    }

    /// @notice 0, 2, 3 or 4 from `account`'s staked + pending amount.
    function levelOf(address account) public view returns (uint8) {
        uint256 amount = _staked[account] + _pending[account];
        if (amount >= level4Threshold) return 4;
        if (amount >= level3Threshold) return 3;
        if (amount >= level2Threshold) return 2;
        return 0;
    }

    /// @notice Staked amount (excluding amounts requested for unstake).
    function stakedOf(address account) external view returns (uint256) {
        return _staked[account];
    }

    /// @notice Amount in open (not yet withdrawn) unstake requests.
    function pendingOf(address account) external view returns (uint256) {
        return _pending[account];
    }

    /// @notice Staked + pending: the amount that counts for the level.
    function levelAmountOf(address account) external view returns (uint256) {
        return _staked[account] + _pending[account];
    }

    /// @notice Number of requests ever opened (ids are 0 .. requestCount - 1).
    function requestCount() external view returns (uint256) {
        return _requests.length;
    }

    /// @notice One request by id.
    function getRequest(uint256 requestId) external view returns (UnstakeRequest memory) {
        if (requestId >= _requests.length) revert StakingUnknownRequest(requestId);
        return _requests[requestId];
    }

    /// @notice Ids of every request `account` opened (withdrawn ones included), oldest first.
    function requestIdsOf(address account) external view returns (uint256[] memory) {
        return _requestIds[account];
    }
}
